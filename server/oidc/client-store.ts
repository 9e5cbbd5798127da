// The registered OpenID Connect clients (apps), one store of the storage layer (storage.ts) like
// every other slice's, so the admin CLI, the import and the running provider read and write them
// through the same database handle, inside an import's transaction when there is one.

export interface RegisteredClient {
  clientId: string;
  /** Hashed (client-secrets.ts); null for a public client (PKCE, no secret). */
  secretHash: string | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  initiateLoginUri: string | null;
  name: string | null;
  /** Only members of these groups may use the client; empty: every signed-in account. */
  groups: string[];
  consent: boolean;
}

export interface ClientStore {
  list(): Promise<RegisteredClient[]>;
  find(clientId: string): Promise<RegisteredClient | null>;
  /** Registers or replaces the client; running servers reload it (client-registry.ts). */
  save(client: RegisteredClient, now: number): Promise<void>;
  /** True when there was a client to remove. */
  remove(clientId: string): Promise<boolean>;
  /** Changes whenever a client is saved or removed (null before the first change). */
  version(): Promise<string | null>;
}

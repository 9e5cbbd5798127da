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
  /** The scopes it may ask for (client-scopes.ts); others are refused with invalid_scope. */
  scopes: string[];
}

/** A client as stored: what an administrator defined plus what the console manages about it. */
export interface StoredClient extends RegisteredClient {
  /** Disabled in the console: the provider does not know it (sign-ins and tokens refused). */
  disabled: boolean;
  /** The secret before the last rotation, working until previousSecretUntil (epoch ms). */
  previousSecretHash: string | null;
  previousSecretUntil: number | null;
  /** Epoch ms of the last change: the console's saves name it and are refused when it moved. */
  updatedAt: number;
}

export interface ClientStore {
  list(): Promise<StoredClient[]>;
  find(clientId: string): Promise<StoredClient | null>;
  /** Registers or replaces the client (its disabled flag and rotation kept); running servers reload it (catalog/app-registry.ts). */
  save(client: RegisteredClient, now: number): Promise<void>;
  /**
   * The console's save: creates the client when expectedUpdatedAt is null (false when the id is
   * taken), else replaces it only while its updatedAt is still expectedUpdatedAt (false when another
   * administrator changed or removed it meanwhile). One statement: parallel saves cannot both win.
   */
  saveIfUnchanged(client: RegisteredClient, expectedUpdatedAt: number | null, now: number): Promise<boolean>;
  /** False when there is no such client. */
  setDisabled(clientId: string, disabled: boolean, now: number): Promise<boolean>;
  /** The new secret replaces the current one, which keeps working until previousUntil (epoch ms). */
  rotateSecret(clientId: string, secretHash: string, previousUntil: number, now: number): Promise<boolean>;
  /** True when there was a client to remove. */
  remove(clientId: string): Promise<boolean>;
  /** Changes whenever a client is saved or removed (null before the first change). */
  version(): Promise<string | null>;
}

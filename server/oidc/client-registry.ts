// The registered clients (apps) in the oidc_clients table, kept in memory and reloaded when the
// admin CLI changes them: the CLI bumps a version in meta, every running server checks it every
// two seconds, so a change takes effect within five seconds without a restart.
import crypto from 'node:crypto';
import type { OidcDb } from './oidc-database.ts';

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

/** What a client id may be (add-client, and the oidcClient of an app card in the import JSON). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const CLIENTS_VERSION_KEY = 'oidc_clients_version';
const POLL_MS = 2000;

type Metadata = Pick<RegisteredClient, 'redirectUris' | 'postLogoutRedirectUris' | 'backchannelLogoutUri' | 'initiateLoginUri' | 'name'>;

export async function listClients(db: OidcDb): Promise<RegisteredClient[]> {
  const rows = await db.selectFrom('oidc_clients').selectAll().orderBy('client_id').execute();
  return rows.map((row) => ({
    clientId: row.client_id,
    secretHash: row.secret_hash,
    ...(JSON.parse(row.metadata) as Metadata),
    groups: JSON.parse(row.groups) as string[],
    consent: row.consent === 1,
  }));
}

async function bumpVersion(db: OidcDb): Promise<void> {
  const value = crypto.randomUUID();
  await db.insertInto('meta').values({ key: CLIENTS_VERSION_KEY, value })
    .onConflict((c) => c.column('key').doUpdateSet({ value })).execute();
}

export async function saveClient(db: OidcDb, client: RegisteredClient, now: number): Promise<void> {
  const metadata: Metadata = {
    redirectUris: client.redirectUris, postLogoutRedirectUris: client.postLogoutRedirectUris,
    backchannelLogoutUri: client.backchannelLogoutUri, initiateLoginUri: client.initiateLoginUri, name: client.name,
  };
  const row = {
    client_id: client.clientId, secret_hash: client.secretHash, metadata: JSON.stringify(metadata),
    groups: JSON.stringify(client.groups), consent: client.consent ? 1 : 0, created_at: now, updated_at: now,
  };
  await db.insertInto('oidc_clients').values(row).onConflict((c) => c.column('client_id').doUpdateSet({
    secret_hash: row.secret_hash, metadata: row.metadata, groups: row.groups, consent: row.consent, updated_at: now,
  })).execute();
  await bumpVersion(db);
}

export async function removeClient(db: OidcDb, clientId: string): Promise<boolean> {
  const result = await db.deleteFrom('oidc_clients').where('client_id', '=', clientId).executeTakeFirst();
  await bumpVersion(db);
  return Number(result.numDeletedRows) > 0;
}

export class ClientRegistry {
  private clients = new Map<string, RegisteredClient>();
  private version: string | null | undefined = undefined;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private lastCheckAt = 0;

  constructor(private readonly db: OidcDb, private readonly onError: (error: unknown) => void = () => {}) {}

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check().catch(this.onError), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Reloads the clients when their version changed (one small query when nothing did). */
  check(): Promise<void> {
    this.checking ??= (async () => {
      this.lastCheckAt = Date.now();
      try {
        const row = await this.db.selectFrom('meta').select('value').where('key', '=', CLIENTS_VERSION_KEY).executeTakeFirst();
        const version = row?.value ?? null;
        if (version === this.version) return;
        const clients = await listClients(this.db);
        this.clients = new Map(clients.map((c) => [c.clientId, c]));
        this.version = version;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  get(clientId: string): RegisteredClient | undefined {
    return this.clients.get(clientId);
  }

  /** Like get, but an unknown id first re-checks the version (at most four times a second). */
  async find(clientId: string): Promise<RegisteredClient | undefined> {
    const known = this.clients.get(clientId);
    if (known || Date.now() - this.lastCheckAt < 250) return known;
    await this.check();
    return this.clients.get(clientId);
  }

  all(): RegisteredClient[] {
    return [...this.clients.values()];
  }

  /** True when `uri` is the back-channel logout URI an administrator registered for some client. */
  isRegisteredBackchannelUri(uri: string): boolean {
    return this.all().some((c) => c.backchannelLogoutUri === uri);
  }
}

/** The client as oidc-provider's metadata. Both secret methods are accepted (oidc-provider 9.13+). */
export function providerMetadata(client: RegisteredClient): Record<string, unknown> {
  return {
    client_id: client.clientId,
    ...(client.secretHash
      ? { client_secret: client.secretHash, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    ...(client.name ? { client_name: client.name } : {}),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    ...(client.backchannelLogoutUri ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
  };
}

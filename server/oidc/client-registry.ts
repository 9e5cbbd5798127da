// The registered clients (apps) of the client store, kept in memory and reloaded when the admin
// CLI or an import changes them: every change bumps a version (client-store.sql.ts), every running
// server checks it every two seconds (config.oidcClientCheckMs), so a change takes effect within
// five seconds without restart.
import type { ClientStore, StoredClient } from './client-store.ts';
import { providerSecret } from './client-secrets.ts';

export type { RegisteredClient } from './client-store.ts';

/** What a client id may be (add-client, the import's clients, and the oidcClient of an app card). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** What the registry reads of the client store. */
export type ClientSource = Pick<ClientStore, 'list' | 'version'>;

export class ClientRegistry {
  private clients = new Map<string, StoredClient>();
  private version: string | null | undefined = undefined;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private lastCheckAt = 0;

  constructor(
    private readonly store: ClientSource,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly checkEveryMs = 2000,
  ) {}

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check().catch(this.onError), this.checkEveryMs);
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
        const version = await this.store.version();
        if (version === this.version) return;
        // A disabled client is unknown to the provider: its sign-ins, codes and tokens are refused.
        const clients = (await this.store.list()).filter((c) => !c.disabled);
        this.clients = new Map(clients.map((c) => [c.clientId, c]));
        this.version = version;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  get(clientId: string): StoredClient | undefined {
    return this.clients.get(clientId);
  }

  /**
   * Like get, but an unknown id first re-checks the version (at most four times a second). A check
   * already under way may have read the version before the change that added the client, so it
   * is waited for and followed by one of our own.
   */
  async find(clientId: string): Promise<StoredClient | undefined> {
    const known = this.clients.get(clientId);
    if (known) return known;
    const running = this.checking;
    if (running) await running.catch(() => {});
    else if (Date.now() - this.lastCheckAt < 250) return undefined;
    await this.check();
    return this.clients.get(clientId);
  }

  all(): StoredClient[] {
    return [...this.clients.values()];
  }

  private formTargetsOf: { clients: Map<string, StoredClient>; origins: string[] } | null = null;

  /** The origins of every registered redirect and post-logout URI: where the provider's forms may end. */
  formTargetOrigins(): string[] {
    if (this.formTargetsOf?.clients !== this.clients) {
      const origins = new Set<string>();
      for (const client of this.clients.values()) {
        for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
          const origin = URL.parse(uri)?.origin;
          if (origin && origin !== 'null') origins.add(origin);
        }
      }
      this.formTargetsOf = { clients: this.clients, origins: [...origins].sort() };
    }
    return this.formTargetsOf.origins;
  }
}

/** The client as oidc-provider's metadata. Both secret methods are accepted (oidc-provider 9.13+). */
export function providerMetadata(client: StoredClient): Record<string, unknown> {
  return {
    client_id: client.clientId,
    ...(client.secretHash
      ? { client_secret: providerSecret(client.secretHash, client.previousSecretHash, client.previousSecretUntil), token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    ...(client.name ? { client_name: client.name } : {}),
    // The scopes it may ask for: oidc-provider answers invalid_scope to any other known one.
    scope: client.scopes.join(' '),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    ...(client.backchannelLogoutUri ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
  };
}

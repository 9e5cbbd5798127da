// Single logout: when a portal session ends (退出登录, timeout, an administrator's password reset)
// the provider session bound to it ends too, the tokens of its grants are revoked, and every app
// the session signed into with a back-channel logout URI gets a logout token (oidc-provider's
// Client#backchannelLogout). Failed deliveries are retried a few times and logged.
import type Provider from 'oidc-provider';
import type { OidcStorage } from './oidc-storage.ts';
import { PORTAL_LINK_MODEL } from './portal-session.ts';

export interface LogoutLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

type BackchannelClient = { clientId: string; backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> };

export const RETRY_DELAYS_MS = [1000, 5000, 30_000];

export class SingleLogout {
  constructor(
    private readonly provider: () => Promise<Provider>,
    private readonly storage: OidcStorage,
    private readonly log: LogoutLog,
  ) {}

  /** Ends what the portal session `idHash` signed into; only the first caller (any instance) acts. */
  async endPortalSession(idHash: string): Promise<void> {
    const link = await this.storage.find(PORTAL_LINK_MODEL, idHash);
    if (!link || !(await this.storage.consume(PORTAL_LINK_MODEL, idHash, Date.now()))) return;
    await this.storage.destroy(PORTAL_LINK_MODEL, idHash);
    await this.endProviderSession(String(link.uid));
  }

  /** Ends one provider session; of callers racing for it (two tabs, the sweep, another instance) only the first acts. */
  async endProviderSession(uid: string): Promise<void> {
    const provider = await this.provider();
    const session = await provider.Session.findByUid(uid);
    // Claimed with the storage's atomic consume (one SQL statement / one Redis script) so that
    // each app gets one logout token, not one per caller.
    if (!session || !(await this.storage.consume('Session', session.jti, Date.now()))) return;
    const accountId = session.accountId;
    for (const [clientId, authorization] of Object.entries(session.authorizations ?? {})) {
      if (authorization.grantId) await this.storage.revokeByGrantId(authorization.grantId);
      const client = (await provider.Client.find(clientId)) as unknown as BackchannelClient | undefined;
      if (client?.backchannelLogoutUri && accountId && authorization.sid) this.deliver(client, accountId, authorization.sid, 0);
    }
    await session.destroy();
  }

  /** Sends one logout token; on failure tries again after RETRY_DELAYS_MS, then gives up (logged). */
  deliver(client: BackchannelClient, sub: string, sid: string, attempt: number): void {
    client.backchannelLogout(sub, sid).then(
      () => this.log.info({ clientId: client.clientId, attempt: attempt + 1 }, 'back-channel logout delivered'),
      (error: Error) => {
        const delay = RETRY_DELAYS_MS[attempt];
        this.log.warn({ clientId: client.clientId, attempt: attempt + 1, reason: error.message, retryInMs: delay ?? null },
          delay ? 'back-channel logout failed, will retry' : 'back-channel logout failed, giving up');
        if (delay) setTimeout(() => this.deliver(client, sub, sid, attempt + 1), delay).unref();
      },
    );
  }
}

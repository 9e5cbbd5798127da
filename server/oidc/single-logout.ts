// Single logout: when a portal session ends (退出登录, timeout, an administrator's password reset)
// the provider session bound to it ends too, the tokens of its grants are revoked, and every app
// the session signed into with a back-channel logout URI gets a logout token (oidc-provider's
// Client#backchannelLogout). The same happens to an account's sign-ins when another account signs
// in over its provider session (portal-session.ts). Failed deliveries are retried a few times and
// logged.
import type Provider from 'oidc-provider';
import type { OidcStorage } from './oidc-storage.ts';
import { PORTAL_LINK_MODEL } from './portal-session.ts';

export interface LogoutLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

type BackchannelClient = { clientId: string; backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> };

/** A provider session's sign-ins, one per app (oidc-provider's Session#authorizations). */
export type SignIns = Record<string, { grantId?: string; sid?: string }>;

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
    await this.endProviderSession(String(link.uid), typeof link.accountId === 'string' ? link.accountId : undefined);
  }

  /**
   * Ends one provider session; of callers racing for it (two tabs, the sweep, another instance)
   * only the first acts. With `accountId`, only while the session still belongs to that account
   * (another account may have signed in over it since: its sign-ins are not this link's to end).
   */
  async endProviderSession(uid: string, accountId?: string): Promise<void> {
    const provider = await this.provider();
    const session = await provider.Session.findByUid(uid);
    if (!session || (accountId !== undefined && session.accountId !== accountId)) return;
    // Claimed with the storage's atomic consume (one SQL statement / one Redis script) so that
    // each app gets one logout token, not one per caller.
    if (!(await this.storage.consume('Session', session.jti, Date.now()))) return;
    if (session.accountId) await this.endSignIns(session.accountId, session.authorizations ?? {});
    await session.destroy();
  }

  /** Revokes the grant of each sign-in and sends each app with a back-channel URI its logout token. */
  async endSignIns(accountId: string, signIns: SignIns): Promise<void> {
    const provider = await this.provider();
    for (const [clientId, signIn] of Object.entries(signIns)) {
      if (signIn.grantId) await this.storage.revokeByGrantId(signIn.grantId);
      const client = (await provider.Client.find(clientId)) as unknown as BackchannelClient | undefined;
      if (client?.backchannelLogoutUri && signIn.sid) this.deliver(client, accountId, signIn.sid, 0);
    }
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

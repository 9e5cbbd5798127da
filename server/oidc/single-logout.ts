// Single logout: when a portal session ends (退出登录, timeout, an administrator's password reset)
// the provider session bound to it ends too, the tokens of its grants are revoked, and every app
// the session signed into with a back-channel logout URI gets a logout token (oidc-provider's
// Client#backchannelLogout). The same happens to an account's sign-ins when another account signs
// in over its provider session (portal-session.ts). A failed delivery is retried after 1, 5 and 30
// seconds and each attempt logged; a pending retry is a durable record (BackchannelRetry, in the
// database in every storage mode: review finding 6), so it survives a restart: any instance's sweep
// (retryDue) sends what is due, and of instances racing for one only the one that claims it does.
import crypto from 'node:crypto';
import type Provider from 'oidc-provider';
import type { OidcStorage } from './oidc-record-store.ts';
import { PORTAL_LINK_MODEL } from './portal-link.ts';

export interface LogoutLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

type BackchannelClient = { clientId: string; backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> };

/** A provider session's sign-ins, one per app (oidc-provider's Session#authorizations). */
export type SignIns = Record<string, { grantId?: string; sid?: string }>;

export const RETRY_DELAYS_MS = [1000, 5000, 30_000];

export const RETRY_MODEL = 'BackchannelRetry';

/** A retry is forgotten a day after it was due (the receiver was gone for good). */
const RETRY_KEPT_MS = 24 * 3600_000;

interface PendingRetry {
  clientId: string;
  sub: string;
  sid: string;
  /** How many attempts were made before this one. */
  attempt: number;
  /** Epoch ms (real time) when it is due. */
  dueAt: number;
}

export class SingleLogout {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly provider: () => Promise<Provider>,
    private readonly storage: OidcStorage,
    private readonly log: LogoutLog,
  ) {}

  /** The server closes: no more retries from this process (their records stay for the next). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

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
      (error: Error) => this.failed(client.clientId, sub, sid, attempt, error),
    );
  }

  /** Attempt `attempt` (0: the first) to client `clientId` failed: a durable retry, or giving up. */
  failed(clientId: string, sub: string, sid: string, attempt: number, error: Error): void {
    const delay = RETRY_DELAYS_MS[attempt];
    this.log.warn({ clientId, attempt: attempt + 1, reason: error.message, retryInMs: delay ?? null },
      delay ? 'back-channel logout failed, will retry' : 'back-channel logout failed, giving up');
    if (delay === undefined || this.stopped) return;
    const id = crypto.randomUUID();
    const retry: PendingRetry = { clientId, sub, sid, attempt: attempt + 1, dueAt: Date.now() + delay };
    this.storage.upsert(RETRY_MODEL, id, { ...retry }, retry.dueAt + RETRY_KEPT_MS, {}).then(() => {
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.retry(id);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }, (stored: Error) => this.log.warn({ clientId, reason: stored.message }, 'back-channel logout retry could not be stored'));
  }

  /** Sends every retry that is due (the sweep, on any instance: also those of a process gone since). */
  async retryDue(): Promise<void> {
    for (const { id, payload } of await this.storage.list(RETRY_MODEL)) {
      if (!payload.consumed && Number(payload.dueAt) <= Date.now()) await this.retry(id);
    }
  }

  /** One pending retry, sent by the one caller that claims it (atomic consume). */
  private async retry(id: string): Promise<void> {
    if (this.stopped) return;
    try {
      const retry = (await this.storage.find(RETRY_MODEL, id)) as (PendingRetry & { consumed?: number }) | null;
      if (!retry || retry.consumed || retry.dueAt > Date.now() || !(await this.storage.consume(RETRY_MODEL, id, Date.now()))) return;
      await this.storage.destroy(RETRY_MODEL, id);
      const client = (await (await this.provider()).Client.find(retry.clientId)) as unknown as BackchannelClient | undefined;
      if (!client?.backchannelLogoutUri) return;
      this.deliver(client, retry.sub, retry.sid, retry.attempt);
    } catch (error) {
      this.log.warn({ reason: (error as Error).message }, 'back-channel logout retry failed');
    }
  }
}

// CAS single logout: when a portal session ends (退出登录, /cas/logout, a timeout found by the
// sweep, an administrator's reset), every service it received a ticket at gets a logoutRequest
// POST (a SAML-style LogoutRequest whose SessionIndex is that ticket), retried after 1, 5 and 30
// seconds like the OpenID Connect back-channel logout. Only services an administrator registered
// ever get one: the URL is the service a ticket was issued for, which matched a registered pattern.
import crypto from 'node:crypto';
import type { CasTickets, SignIn } from './cas-tickets.ts';
import { logoutRequestXml } from './cas-responses.ts';

export const RETRY_DELAYS_MS = [1000, 5000, 30_000];
const DELIVERY_TIMEOUT_MS = 5000;

export interface CasLogoutLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export class CasSingleLogout {
  constructor(private readonly tickets: CasTickets, private readonly log: CasLogoutLog, private readonly retryDelaysMs = RETRY_DELAYS_MS) {}

  /** Ends the CAS sign-ins of portal session idHash; of racing callers (any instance) only the first sends. */
  async endPortalSession(idHash: string): Promise<void> {
    for (const signIn of await this.tickets.takeSignIns(idHash)) this.deliver(signIn, 0);
  }

  deliver(signIn: SignIn, attempt: number): void {
    const body = new URLSearchParams({
      logoutRequest: logoutRequestXml(`LR-${crypto.randomBytes(16).toString('hex')}`, new Date().toISOString(), signIn.ticket),
    }).toString();
    const failed = (reason: string) => {
      const delay = this.retryDelaysMs[attempt];
      this.log.warn({ casService: signIn.clientId, attempt: attempt + 1, reason, retryInMs: delay ?? null },
        delay ? 'CAS logout request failed, will retry' : 'CAS logout request failed, giving up');
      if (delay !== undefined) setTimeout(() => this.deliver(signIn, attempt + 1), delay).unref();
    };
    fetch(signIn.service, {
      method: 'POST', body, redirect: 'manual', signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).then(async (answer) => {
      await answer.body?.cancel().catch(() => {});
      if (answer.status >= 200 && answer.status < 400) {
        this.log.info({ casService: signIn.clientId, attempt: attempt + 1 }, 'CAS logout request delivered');
      } else failed(`HTTP ${answer.status}`);
    }, (error: Error) => failed(error.message));
  }
}

// XSRF tokens for embedded (cross-origin) callers. The brand page cannot read the SSO origin's
// XSRF-TOKEN cookie, and with third-party cookies blocked the cookie never even arrives, so the
// double-submit check has nothing to compare with. Instead the server hands out a token bound to
// the caller's Origin and signed with a server key: "<issued seconds>.<HMAC(origin|issued)>".
// Any header forces a CORS preflight, which only registered origins pass, and the token proves the
// caller read one of our answers from that very origin.
import crypto from 'node:crypto';
import { deriveKey } from './login-tickets.ts';

export const EMBED_XSRF_MAX_AGE_MS = 12 * 3600_000;

export class EmbedXsrf {
  private readonly key: Buffer;

  constructor(secret: string, private readonly now: () => number) {
    this.key = deriveKey(secret, 'sso embed xsrf v1');
  }

  issue(origin: string): string {
    const issued = Math.floor(this.now() / 1000).toString(36);
    return `${issued}.${this.mac(origin, issued)}`;
  }

  verify(origin: string, token: string | undefined): boolean {
    if (typeof token !== 'string' || token.length > 128) return false;
    const [issued, mac, extra] = token.split('.');
    if (!issued || !mac || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issued)) return false;
    const age = this.now() - parseInt(issued, 36) * 1000;
    if (age < -60_000 || age > EMBED_XSRF_MAX_AGE_MS) return false;
    const expected = Buffer.from(this.mac(origin, issued));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  private mac(origin: string, issued: string): string {
    return crypto.createHmac('sha256', this.key).update(`${origin}|${issued}`).digest('base64url');
  }
}

// The XSRF token of a signed-in browser is derived from its session id (HMAC under a server key),
// so it changes at every sign-in (the session id rotates) and a token planted or read before the
// sign-in is worth nothing afterwards (OWASP's "signed double-submit cookie"). Browsers without a
// session keep a random token. No storage look-up: the hook that checks it runs on every request.
import crypto from 'node:crypto';

const SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export class XsrfBinding {
  constructor(private readonly key: Buffer) {}

  /** The one token valid for requests carrying session id `sid`. */
  forSession(sid: string): string {
    return crypto.createHmac('sha256', this.key).update(`xsrf|${sid}`).digest('base64url');
  }

  anonymous(): string {
    return crypto.randomBytes(24).toString('base64url');
  }

  /** True when `token` may be used with this `sid` (or, without a session, has the token shape). */
  fits(token: string | undefined, sid: string | undefined): token is string {
    if (token === undefined || !SHAPE.test(token)) return false;
    if (!sid || sid.length > 128) return true;
    const expected = Buffer.from(this.forSession(sid));
    const given = Buffer.from(token);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}

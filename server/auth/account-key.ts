// The one key under which an account's sign-in attempts are counted, limited and queued: the phone
// for an SMS login (whatever name the request also carries), else the account name, trimmed and in
// lowercase. Lockout counters, the one-check-at-a-time guard and the per-account rate limit all
// take it from here, so no request can move its attempts onto another counter.

/** The lockout counter's name for a password account. */
export function lockoutKey(name: string): string {
  return name.trim().toLowerCase();
}

interface AttemptFields {
  loginType?: unknown;
  name?: unknown;
  userName?: unknown;
  phone?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** doLogin's mode: loginType 1, or a phone without a name when loginType is absent. */
export function isMobileLogin(body: AttemptFields): boolean {
  return body.loginType === 1 || (body.loginType === undefined && text(body.phone) !== null && text(body.name) === null);
}

/** The account a sign-in or password-change request works on, or null when it names none. */
export function accountKeyOf(body: AttemptFields): string | null {
  if (isMobileLogin(body)) {
    const phone = text(body.phone);
    return phone ? `phone:${phone}` : null;
  }
  const name = text(body.name) ?? text(body.userName);
  return name ? `name:${lockoutKey(name)}` : null;
}

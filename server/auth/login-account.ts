// The one account key of a sign-in request, shared by the per-account queue
// (plugins/one-check-per-account.ts) and the per-account rate limit (plugins/rate-limits.ts).
// A mobile sign-in is about the phone, whatever `name` the request also carries: keying it on the
// name would let each guess pick its own queue and limit and so run the guesses in parallel.
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null);

/** The same rule doLogin applies to pick password or mobile sign-in. */
export function isMobileLogin(body: Record<string, unknown>): boolean {
  const type = body.loginType;
  if (type === 1 || type === '1') return true;
  if (type === 0 || type === '0') return false;
  return body.phone !== undefined && body.name === undefined;
}

/** "phone:<phone>" for a mobile sign-in, "name:<name>" for a password one, null when neither is given. */
export function loginAccountKey(body: unknown): string | null {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (isMobileLogin(fields)) {
    const phone = text(fields.phone);
    return phone ? `phone:${phone}` : null;
  }
  const name = text(fields.name) ?? text(fields.userName);
  return name ? `name:${name}` : null;
}

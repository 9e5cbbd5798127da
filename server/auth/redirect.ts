// Where a successful login sends the browser. A callBack is honoured only when it stays on the SSO
// origin (a relative one is resolved against it) or points at an origin the client group
// registered: no open redirect. A callBack that cannot be honoured never blocks the sign-in itself
// (docs/api-contract.md): the caller sends the user to /home instead.

export const DEFAULT_REDIRECT = '/home';

const ALLOWED_PROTOCOLS = ['http:', 'https:', 'ftp:'];

/** Returns the redirect target, or null when the callBack must not be followed. */
export function safeRedirect(callBack: string | undefined, ssoOrigin: string, allowedOrigins: string[]): string | null {
  if (callBack === undefined || callBack.trim() === '') return DEFAULT_REDIRECT;
  const target = callBack.trim();
  // Control characters and backslashes let browsers reinterpret a "relative" URL as another host.
  if (/[\u0000-\u001f\\]/.test(target)) return null;
  const own = ssoOrigin.replace(/\/$/, '').toLowerCase();
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
  let url: URL;
  try {
    // A relative callBack ("/apps", "next", "../x") is a path on the SSO origin.
    url = new URL(target, `${own}/`);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.includes(url.protocol)) return null;
  const origin = url.origin.toLowerCase();
  if (!absolute) return origin === own ? url.pathname + url.search + url.hash : null;
  const allowed = [own, ...allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase())];
  return allowed.includes(origin) ? url.toString() : null;
}

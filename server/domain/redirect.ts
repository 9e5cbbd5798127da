// Where a successful login sends the browser. A callBack is honoured only when it stays on the SSO
// origin, is relative to it, or points at an origin the client group registered: no open redirect.

/** Returns the redirect target, or null when the callBack must be refused. */
export function safeRedirect(callBack: string | undefined, ssoOrigin: string, allowedOrigins: string[]): string | null {
  if (callBack === undefined || callBack.trim() === '') return '/home';
  const target = callBack.trim();
  // Control characters and backslashes let browsers reinterpret a "relative" URL as another host.
  if (/[\u0000-\u001f\\]/.test(target)) return null;
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (!['http:', 'https:', 'ftp:'].includes(url.protocol)) return null;
  const allowed = [ssoOrigin, ...allowedOrigins].map((o) => o.replace(/\/$/, '').toLowerCase());
  return allowed.includes(url.origin.toLowerCase()) ? url.toString() : null;
}

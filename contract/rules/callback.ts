// Where a sign-in sends the browser (spec section 2: callBack). One reading for both sides:
// - none: /home;
// - absolute http, https or ftp: used as is (the server and the widget then check its origin);
// - relative: a path on the SSO origin. The spec says "prefixed with the API base"; in the original
//   system that base was the site root. Ours is /api, and a callBack into the API is never a page a
//   user should land on (and a way to make a signed-in browser call an endpoint), so a relative
//   callBack resolves against the SSO origin and one that lands under /api/ is refused.
export const DEFAULT_CALLBACK = '/home';

export const CALLBACK_PROTOCOLS = ['http:', 'https:', 'ftp:'];

/** True for a path (after resolving) that leads into the API instead of a page. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The absolute URL a callBack leads to, resolved against the SSO origin, or null when it cannot be
 * followed at all (not a URL, another scheme, control characters or backslashes, into /api/).
 * Whether its origin is allowed is the caller's check (it knows the allowed origins).
 */
export function resolveCallBack(callBack: string | null | undefined, ssoOrigin: string): URL | null {
  const target = (callBack ?? '').trim() || DEFAULT_CALLBACK;
  // Control characters and backslashes let browsers read a "relative" URL as another host.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, `${ssoOrigin.replace(/\/+$/, '')}/`);
  } catch {
    return null;
  }
  if (!CALLBACK_PROTOCOLS.includes(url.protocol)) return null;
  if (url.origin.toLowerCase() === new URL(ssoOrigin).origin.toLowerCase() && isApiPath(url.pathname)) return null;
  return url;
}

// The one redirect check, shared by the server and the widget: every place that accepts a target
// the browser will be sent to (login callBack, external-redirect mode, login tickets, sign-out) asks it. The target is parsed as a URL
// against the portal origin, the way the browser will read it, and accepted only when it lands on
// the portal origin (never under /api/) or on an origin a client group registered.
//
// Browsers forgive a lot that a string check does not see: they drop tabs and newlines inside a
// URL, read "\" as "/", treat "%2e%2e" as "..", and a path that ends up starting with "//" is
// another host when it is sent back as a relative Location. So raw text that browsers would
// rewrite is refused outright, and what is returned is always either an absolute URL or a path
// that cannot be read as one.

export const DEFAULT_REDIRECT = '/home';

// Spec section 2: an absolute http, https or ftp callBack is used as is (when its origin is allowed).
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'ftp:']);

/** Characters browsers strip or rewrite while parsing, raw or percent-encoded: refused anywhere. */
const REWRITTEN_BY_BROWSERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff\\]|%(?:0[0-9a-f]|1[0-9a-f]|20|5c|7f)/i;

/** "scheme://host[:port]" in lowercase, or null for anything else. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The path as a router that decodes it would read it; null when it does not decode. */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** True for a path under the portal's API (any case, any encoding). */
function isApiPath(pathname: string, decoded: string): boolean {
  return /^\/+api(?:[/?#;]|$)/i.test(decoded) || /^\/+api(?:[/?#;]|$)/i.test(pathname);
}

/**
 * The target to send the browser to, or null when it must not be followed. An empty or missing
 * target is the portal's home page.
 */
export function safeRedirect(target: string | undefined | null, portalOrigin: string, allowedOrigins: readonly string[]): string | null {
  if (target === undefined || target === null || target.trim() === '') return DEFAULT_REDIRECT;
  if (target.length > 2048 || REWRITTEN_BY_BROWSERS.test(target)) return null;
  const own = originOf(portalOrigin);
  if (!own) return null;
  // A scheme must be http(s) or ftp followed by "//": "http:evil.example" means different things on different pages.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(target);
  if (hasScheme && !/^(?:https?|ftp):\/\/[^/\\]/i.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, `${own}/`);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol) || url.username !== '' || url.password !== '') return null;
  const origin = url.origin.toLowerCase();
  // A path that starts with "//" (from "../../server/x", "/%2e%2e//x" ...) is another host when relative;
  // "/%2F%2Fx" becomes one for any router that decodes the path before navigating.
  const decoded = decodedPath(url.pathname);
  if (decoded === null || /^[/\\]{2}/.test(decoded) || decoded.includes('\\')) return null;
  if (origin === own) {
    if (isApiPath(url.pathname, decoded)) return null;
    // A relative target stays a path (the portal's router reads it); an absolute one is returned as parsed.
    return hasScheme ? url.href : url.pathname + url.search + url.hash;
  }
  const allowed = allowedOrigins.map(originOf).filter((o): o is string => o !== null);
  return allowed.includes(origin) ? url.href : null;
}

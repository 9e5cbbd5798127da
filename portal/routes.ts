// The portal's routes (spec section 2): /home is the application centre, every other path the
// login page (so /login, where <app-center> sends a signed-out user, falls through to it).
export type PortalRoute = 'login' | 'home';

export function routeOf(pathname: string): PortalRoute {
  return pathname.replace(/\/+$/, '') === '/home' ? 'home' : 'login';
}

/**
 * The operator console (/admin, /admin/setup, anything below /admin): its own lazy chunk
 * (portal/admin/), never loaded by the login page or the application centre.
 */
export function isConsolePath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

/** A person's own account (/account): its own lazy chunk (portal/account/), like the console. */
export function isAccountPath(pathname: string): boolean {
  return /^\/account(\/|$)/.test(pathname);
}

export const ROUTE_TITLES: Record<PortalRoute, string> = {
  login: '统一登录',
  home: '应用中心',
};

/**
 * The in-page path for a redirect target when the portal can show it without a reload (same
 * origin, the /home route), otherwise null: the element then leaves the page itself.
 */
export function inPagePath(target: string, here: Location = window.location): string | null {
  let url: URL;
  try {
    url = new URL(target, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || routeOf(url.pathname) !== 'home') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

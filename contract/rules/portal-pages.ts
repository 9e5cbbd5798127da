// Which page a portal address is, shared by the portal (portal/routes.ts) and the server, which
// answers a page address with the built page that fits it (server/http/portal-page.ts): both read
// an address the same way, so they agree on every one.

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

/** "Set and not 0" (spec): a login flag such as is_signout is present, non-empty and not the string 0. */
export function isFlagSet(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value !== '' && value !== '0';
}

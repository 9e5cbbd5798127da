// The portal's routes (spec section 2). Which page an address is lives in contract/ (the server
// answers each page address with the built page that fits it, and must agree).
import { routeOf } from '../contract/rules/portal-pages.ts';

export { isAccountPath, isConsolePath, routeOf, type PortalRoute } from '../contract/rules/portal-pages.ts';

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

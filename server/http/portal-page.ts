// Which built page the server answers a page address with (server/server.ts). The login page
// (dist/portal/index.html) carries the login form in its first HTML (docs/performance.md, "The login
// form in the first HTML"); the addresses whose page shows no password form get the same page
// without it (dist/portal/shell.html, written by the build): the application centre (/home), the
// operator console (/admin) and a person's own account (/account), and the login page asked to
// sign out or to redirect (is_signout, is_redirect_self: its element starts with a call, not a
// form). The portal's own rules decide (portal/routes.ts, widget/sso-login/login-params.ts), so
// the server and the page agree on every address.
import { isAccountPath, isConsolePath, routeOf } from '../../portal/routes.ts';
import { isFlagSet } from '../../widget/sso-login/login-params.ts';

export const LOGIN_PAGE = 'index.html';
export const SHELL_PAGE = 'shell.html';

/** The file of dist/portal for the page at `url` (path and query, as the request has it). */
export function portalPageFor(url: string): typeof LOGIN_PAGE | typeof SHELL_PAGE {
  const { pathname, searchParams } = new URL(url, 'http://portal');
  if (isConsolePath(pathname) || isAccountPath(pathname) || routeOf(pathname) !== 'login') return SHELL_PAGE;
  if (isFlagSet(searchParams.get('is_signout')) || isFlagSet(searchParams.get('is_redirect_self'))) return SHELL_PAGE;
  return LOGIN_PAGE;
}

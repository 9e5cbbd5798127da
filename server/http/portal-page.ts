// Which built page the server answers a page address with (server/server.ts). The login page
// (dist/portal/index.html) carries the login form in its first HTML (docs/performance.md, "The login
// form in the first HTML"); the addresses whose page shows no password form get the same page
// without it (dist/portal/shell.html, written by the build): the application centre (/home), the
// operator console (/admin) and a person's own account (/account), and the login page asked to
// sign out or to redirect (is_signout, is_redirect_self: its element starts with a call, not a
// form). The rules the portal reads addresses by decide (contract/rules/portal-pages.ts), so
// the server and the page agree on every address.
import fs from 'node:fs';
import path from 'node:path';
import { isAccountPath, isConsolePath, isFlagSet, routeOf } from '../../contract/rules/portal-pages.ts';
import { PAGE_POLICY } from './security-headers.ts';

export const LOGIN_PAGE = 'index.html';
export const SHELL_PAGE = 'shell.html';
/** Written by the build next to the pages (vite.config.ts): the sha256 of each page's inline <style>. */
export const PAGE_POLICY_FILE = 'page-policy.json';

const STYLE_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The file of dist/portal for the page at `url` (path and query, as the request has it). Split by
 * hand, not with the URL parser: a request target such as `//[` is no URL, and must still get a page.
 */
export function portalPageFor(url: string): typeof LOGIN_PAGE | typeof SHELL_PAGE {
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  const searchParams = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  if (isConsolePath(pathname) || isAccountPath(pathname) || routeOf(pathname) !== 'login') return SHELL_PAGE;
  if (isFlagSet(searchParams.get('is_signout')) || isFlagSet(searchParams.get('is_redirect_self'))) return SHELL_PAGE;
  return LOGIN_PAGE;
}

/**
 * The Content-Security-Policy of the built pages: the strict page policy, whose style-src also
 * allows the pages' one inline <style> (the login form's look in the first HTML) by its sha256, and
 * no other inline style. A build from before the inline style has no file: the plain policy.
 */
export function portalPagePolicy(portalDir: string): string {
  const file = path.join(portalDir, PAGE_POLICY_FILE);
  if (!fs.existsSync(file)) return PAGE_POLICY;
  const { styleHashes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { styleHashes?: unknown };
  const hashes = Array.isArray(styleHashes) ? styleHashes.filter((hash): hash is string => typeof hash === 'string' && STYLE_HASH.test(hash)) : [];
  if (hashes.length === 0) return PAGE_POLICY;
  return PAGE_POLICY.replace("style-src 'self'", ["style-src 'self'", ...new Set(hashes)].map((source, i) => (i === 0 ? source : `'${source}'`)).join(' '));
}

// Where the browser goes after a login, without open redirects (design: security rules). Every
// target the widget follows (the callBack of a code login in external-redirect mode, the redirect
// of a sign-in answer, a callBack kept across a QR round trip) is read by the contract's one rule
// (contract/rules/callback.ts), the same the server applies: the SSO origin (never under /api/) or
// an origin the client group registered in callbackOrigins. Only the page that runs the widget is
// added to that list: sending the user back to the page they are on is never an open redirect.
// Spec section 2: an absolute http, https or ftp callBack is used (when allowed), none means /home.
import { DEFAULT_REDIRECT, safeRedirect } from '../../../contract/rules/callback.ts';
import type { ClientGroup } from './client-group.ts';

export { DEFAULT_REDIRECT };

/** What the one rule needs to judge a target from this page. */
export interface RedirectScope {
  /** The SSO portal's origin: the API's (relative targets are paths there, as the server reads them). */
  ssoOrigin: string;
  /** This page's origin. */
  pageOrigin: string;
  /** Origins besides the SSO origin a target may lead to. */
  allowed: string[];
}

export function redirectScope(
  group: Pick<ClientGroup, 'callbackOrigins'>, apiBase: string, pageUrl: string = window.location.href,
): RedirectScope {
  const pageOrigin = new URL(pageUrl).origin;
  return { ssoOrigin: new URL(apiBase, pageUrl).origin, pageOrigin, allowed: [pageOrigin, ...group.callbackOrigins] };
}

/**
 * The target to send the browser to, or null when no browser should be sent there; none means
 * /home. A relative target is a path on the SSO origin, made absolute when this page lives on
 * another origin (a brand site).
 */
export function checkedTarget(target: string | null | undefined, scope: RedirectScope): string | null {
  const checked = safeRedirect(target, scope.ssoOrigin, scope.allowed);
  if (checked === null || !checked.startsWith('/')) return checked;
  return scope.pageOrigin === scope.ssoOrigin ? checked : scope.ssoOrigin + checked;
}

/**
 * True when `url` is the redeem URL of the login ticket `ticket` on the SSO API (an embedded
 * sign-in, server/embedding/issue-ticket.ts). It is under /api/, which the one rule refuses for a
 * callBack, so it gets its own narrow check: the API's origin and path, carrying this very ticket.
 */
export function isTicketRedeemUrl(url: string, ticket: string, apiBase: string, pageUrl: string = window.location.href): boolean {
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return false;
  try {
    const parsed = new URL(url);
    const api = new URL(apiBase, pageUrl);
    const apiPath = api.pathname.replace(/\/+$/, '');
    return parsed.origin === api.origin && parsed.username === '' && parsed.password === ''
      && parsed.pathname.startsWith(`${apiPath}/`) && parsed.searchParams.get('ticket') === ticket;
  } catch {
    return false;
  }
}

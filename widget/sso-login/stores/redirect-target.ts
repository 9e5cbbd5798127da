// Where the browser goes after a login, without open redirects (design: security rules).
// Spec section 2: an absolute http, https or ftp callBack is used as is, none means /home. A
// relative one is read by the contract's one rule, the same the server applies
// (contract/rules/callback.ts): a path on the SSO origin, never one into /api/. Beyond the spec:
// the target's origin must be the page, the API, the group's own domain or one the server lists in
// callbackOrigins.
import { DEFAULT_REDIRECT, safeRedirect } from '../../../contract/rules/callback.ts';
import type { ClientGroup } from './client-group.ts';

const ABSOLUTE = /^(https?|ftp):\/\//i;

/**
 * The target of a callBack, or null when no browser should be sent there. A relative callBack is
 * a path on the SSO origin (the API's), absolute when this page lives on another origin.
 */
export function resolveCallBack(callBack: string | null, apiBase: string, pageUrl: string = window.location.href): string | null {
  if (!callBack) return DEFAULT_REDIRECT;
  if (ABSOLUTE.test(callBack)) return callBack;
  const ssoOrigin = new URL(apiBase, pageUrl).origin;
  const target = safeRedirect(callBack, ssoOrigin, []);
  if (target === null || !target.startsWith('/')) return null;
  return new URL(pageUrl).origin === ssoOrigin ? target : ssoOrigin + target;
}

function originOf(url: string, pageUrl: string): string | null {
  try {
    const parsed = new URL(url, pageUrl);
    if (!/^(https?|ftp):$/.test(parsed.protocol)) return null;
    return `${parsed.protocol}//${parsed.host}`.toLowerCase();
  } catch {
    return null;
  }
}

export function allowedOrigins(group: Pick<ClientGroup, 'domainUrl' | 'callbackOrigins'>, apiBase: string, pageUrl: string = window.location.href): Set<string> {
  const origins = new Set<string>();
  for (const candidate of [pageUrl, apiBase, group.domainUrl, ...group.callbackOrigins]) {
    if (!candidate) continue;
    const origin = originOf(candidate, pageUrl);
    if (origin) origins.add(origin);
  }
  return origins;
}

/** True when `target` (absolute or relative to the page) leads to an allowed origin. */
export function isAllowedTarget(target: string, allowed: Set<string>, pageUrl: string = window.location.href): boolean {
  // Text browsers rewrite while parsing (tabs, newlines, backslashes): never followed, as on the server.
  if (/[\u0000-\u0020\u007f\\]/.test(target)) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return allowed.has(originOf(target, pageUrl) ?? '');
  const origin = originOf(target, pageUrl);
  return origin !== null && allowed.has(origin);
}

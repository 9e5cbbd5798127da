// Which service URLs a CAS app may receive tickets at: each registered pattern is an exact URL or a
// prefix ending in "*" (never a regular expression from a user). A prefix must reach past the
// origin ("https://erp.example.com/*" or deeper), so "https://erp.example.com*" cannot stretch to
// "https://erp.example.com.evil.example". A service URL is matched only when its text and the URL
// a browser would make of it (dot segments resolved) both stay inside the pattern, and raw text
// that browsers rewrite (controls, spaces, backslashes, encoded ones) is refused outright.
// Patterns of several apps may overlap ("https://erp.example.com/*" and "https://erp.example.com/hr/*"):
// the most specific pattern wins (an exact URL over any prefix, a longer prefix over a shorter one),
// so a broad pattern of an app without a group rule never takes a URL of a narrower app that has
// one (issue 31, docs/cas.md). The same pattern in two apps is refused when it is registered.
// In production a pattern is https, plain http only on a loopback host (as OpenID Connect redirect URIs).

import { ProtocolAdminMessages as M } from '../../contract/errors.ts';
import { isLoopbackHost } from '../config.ts';

const REWRITTEN_BY_BROWSERS = /[\u0000-\u0020\u007f-\u00a0\\]|%(?:0[0-9a-f]|1[0-9a-f]|20|5c|7f)/i;
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$|\?|#)/i;
export const MAX_SERVICE_LENGTH = 2048;

export class ServicePatternError extends Error {
  /** The same reason in Chinese, for the console. */
  constructor(message: string, readonly chinese: string) {
    super(message);
  }
}

function httpUrl(value: string): URL | null {
  const url = URL.parse(value);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url : null;
}

/** Checks one pattern as an administrator wrote it; answers it unchanged or throws why not. `httpsOnly`: NODE_ENV=production. */
export function checkServicePattern(pattern: string, httpsOnly = false): string {
  const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : null;
  const text = prefix ?? pattern;
  const url = httpUrl(text);
  if (!url || REWRITTEN_BY_BROWSERS.test(text) || text.includes('*')) throw new ServicePatternError(`not an absolute http(s) URL or URL prefix ending in *: ${pattern}`, M.badPattern(pattern));
  if (text.includes('#')) throw new ServicePatternError(`no #fragment allowed: ${pattern}`, M.patternFragment(pattern));
  if (prefix !== null && !text.startsWith(`${url.origin}/`)) {
    throw new ServicePatternError(`a prefix must include the path after the host, e.g. ${url.origin}/*: ${pattern}`,
      M.prefixWithoutPath(pattern, url.origin));
  }
  if (httpsOnly && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServicePatternError(`https only in production (plain http only for 127.0.0.1, [::1] or localhost): ${pattern}`, M.patternHttpsOnly(pattern));
  }
  return pattern;
}

/** A service URL as an app sent it, checked for shape; null when it can never be a service. */
export function serviceUrl(raw: string | undefined): URL | null {
  if (!raw || raw.length > MAX_SERVICE_LENGTH || REWRITTEN_BY_BROWSERS.test(raw) || raw.includes('#')) return null;
  return httpUrl(raw);
}

/**
 * How specific a pattern is, when it matches: an exact URL above every prefix, a longer prefix
 * above a shorter one; -1 when it does not match `raw`.
 */
export function matchSpecificity(pattern: string, raw: string): number {
  if (!matchesPattern(pattern, raw)) return -1;
  return pattern.endsWith('*') ? pattern.length - 1 : MAX_SERVICE_LENGTH + 1;
}

/** The app whose best matching pattern is the most specific (issue 31); undefined when none matches. */
export function mostSpecificApp<T extends { id: string; cas?: { services: string[] } | null }>(apps: readonly T[], raw: string): T | undefined {
  let best: T | undefined;
  let bestScore = -1;
  for (const app of apps) {
    const score = Math.max(-1, ...(app.cas?.services ?? []).map((p) => matchSpecificity(p, raw)));
    // A tie (the same pattern in two apps, which registration refuses) goes to the smaller id, the same on every instance.
    if (score > bestScore || (score === bestScore && score >= 0 && best !== undefined && app.id < best.id)) {
      best = app;
      bestScore = score;
    }
  }
  return bestScore >= 0 ? best : undefined;
}

export function matchesPattern(pattern: string, raw: string): boolean {
  if (!pattern.endsWith('*')) return raw === pattern;
  const prefix = pattern.slice(0, -1);
  const url = serviceUrl(raw);
  if (!url || !raw.startsWith(prefix) || DOT_SEGMENT.test(raw.slice(prefix.length))) return false;
  return url.href.startsWith(prefix);
}

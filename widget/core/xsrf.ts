// XSRF double submit: the XSRF-TOKEN cookie goes back as the X-XSRF-TOKEN header. These helpers
// serve an element on the API's own origin: the cookie first, else the X-XSRF-TOKEN response
// header last seen (before the first answer has set the cookie, or when cookies are blocked).
// An element embedded on another origin does not use them: request.ts keeps the token the API
// hands that one client (embedToken), since the brand page's own cookies say nothing about the API.
import { XSRF_GET_PATHS } from '../../contract/endpoints/request-rules.ts';

let lastHeaderToken: string | null = null;

/**
 * GET routes that change state, so need the header like every POST: the contract's list (the
 * definitions marked xsrf, which the server's routes follow), as path prefixes below /api
 * ('/admin/mobile/:phone' -> '/admin/mobile/').
 */
export const STATE_CHANGING_GETS: readonly string[] = XSRF_GET_PATHS.map((path) => path.replace(/:[^/]*$/, ''));

export function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    // __Host-XSRF-TOKEN when the portal runs on https (the server picks the name).
    if (name === 'XSRF-TOKEN' || name === '__Host-XSRF-TOKEN') return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function currentXsrfToken(): string | null {
  return readXsrfCookie() ?? lastHeaderToken;
}

export function rememberXsrfHeader(response: Response): void {
  const token = response.headers.get('X-XSRF-TOKEN');
  if (token) lastHeaderToken = token;
}

export function needsXsrf(method: string, path: string): boolean {
  if (method !== 'GET') return true;
  return STATE_CHANGING_GETS.some((prefix) => path.startsWith(prefix));
}

/** Tests only: forget the header token. */
export function resetXsrfMemory(): void {
  lastHeaderToken = null;
}

// Cookie names and flags. When the portal's public URL (SSO_PUBLIC_URL) is https, the session and
// XSRF cookies take the __Host- prefix: the browser then accepts them only with Secure, Path=/ and
// no Domain, so a sibling subdomain cannot plant or shadow them (cookie tossing).
import type { FastifyRequest } from 'fastify';

export interface CookieNames {
  session: string;
  xsrf: string;
  /** Always Secure (https public URL); otherwise Secure when the request itself came over https. */
  alwaysSecure: boolean;
}

export function cookieNamesFor(publicUrl: string | null): CookieNames {
  const https = publicUrl?.toLowerCase().startsWith('https:') ?? false;
  return https
    ? { session: '__Host-sso_sid', xsrf: '__Host-XSRF-TOKEN', alwaysSecure: true }
    : { session: 'sso_sid', xsrf: 'XSRF-TOKEN', alwaysSecure: false };
}

/** The names for the app that serves `request` (its config's publicUrl, set by http/xsrf.ts). */
export function cookieNames(request: FastifyRequest): CookieNames {
  return request.server.cookieNames;
}

export function secureCookie(request: FastifyRequest): boolean {
  return cookieNames(request).alwaysSecure || request.protocol === 'https';
}

/** The session id the browser sent, under this deployment's cookie name. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  return request.cookies[cookieNames(request).session];
}

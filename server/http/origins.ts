// What origin a request comes from and what origin the SSO server answers on ("scheme://host[:port]",
// lowercase). Request handling, not a slice's rule: embedding/ compares them with the registered
// brand sites (embedding/embed-origins.ts, embedding/cors.ts), auth/ and passkey/ build addresses on the SSO origin,
// catalog/ checks the origins an administrator registers for a group.
import type { FastifyRequest } from 'fastify';

/** "scheme://host[:port]" in lowercase, or null for anything that is not an http(s) origin. */
export function normalizeOrigin(value: string | undefined): string | null {
  if (!value || value === 'null' || value.length > 300) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/** The SSO origin as the browser sees it (Host, or X-Forwarded-Host behind a trusted proxy). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

/** The Origin header when it names another origin than the SSO server's; null otherwise. */
export function foreignOrigin(request: FastifyRequest): string | null {
  const header = request.headers.origin;
  if (header === undefined) return null;
  const origin = normalizeOrigin(header) ?? 'null';
  return origin === ownOrigin(request) ? null : origin;
}

// Which foreign origins may embed <sso-login> and call the API across origins. An origin is
// registered for a client group through the group's callbackOrigins: a site the group trusts to
// receive its users after sign-in is the same site that hosts the group's login box. One list, so
// an administrator cannot allow embedding from a site that could not also be a callBack target.
import type { FastifyRequest } from 'fastify';
import type { CatalogStore, ClientGroup } from '../records/catalog.ts';

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

export function isRegisteredFor(group: Pick<ClientGroup, 'callbackOrigins'>, origin: string): boolean {
  return group.callbackOrigins.some((candidate) => normalizeOrigin(candidate) === origin);
}

/** True when at least one client group registered `origin`. */
export async function isRegisteredAnywhere(catalog: Pick<CatalogStore, 'listGroups'>, origin: string): Promise<boolean> {
  const groups = await catalog.listGroups();
  return groups.some((group) => isRegisteredFor(group, origin));
}

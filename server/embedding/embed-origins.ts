// Which foreign origins may embed <sso-login> and call the API across origins. An origin is
// registered for a client group through the group's callbackOrigins: a site the group trusts to
// receive its users after sign-in is the same site that hosts the group's login box. One list, so
// an administrator cannot allow embedding from a site that could not also be a callBack target.
import { normalizeOrigin } from '../http/origins.ts';
import type { CatalogStore, ClientGroup } from '../records/catalog.ts';


export function isRegisteredFor(group: Pick<ClientGroup, 'callbackOrigins'>, origin: string): boolean {
  return group.callbackOrigins.some((candidate) => normalizeOrigin(candidate) === origin);
}

/** True when at least one client group registered `origin`. */
export async function isRegisteredAnywhere(catalog: Pick<CatalogStore, 'listGroups'>, origin: string): Promise<boolean> {
  const groups = await catalog.listGroups();
  return groups.some((group) => isRegisteredFor(group, origin));
}

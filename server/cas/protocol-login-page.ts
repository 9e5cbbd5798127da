// Where a CAS login or a SAML sign-in without a portal session goes: the portal's login page,
// coming back afterwards. Who may then use the app is the one access rule of every protocol
// (mayUse in catalog/app-registry.ts).
import type { ProtocolClient } from './protocol-client-store.ts';

/** The login page of the portal, coming back to `callBack`; in the brand of the app's one group. */
export async function portalLoginPage(
  catalog: { listGroups(): Promise<{ code: string }[]> }, callBack: string, client: Pick<ProtocolClient, 'id' | 'groups'>,
): Promise<string> {
  const page = `/?callBack=${encodeURIComponent(callBack)}&clientId=${encodeURIComponent(client.id)}`;
  if (client.groups.length !== 1) return page;
  const group = (await catalog.listGroups()).find((g) => g.code === client.groups[0]);
  return group ? `${page}&brand=${encodeURIComponent(group.code)}` : page;
}

// Who may use a CAS service or a SAML service provider: the one per-group rule
// (catalog/group-access.ts), as for the OpenID Connect clients: an app registered with --group
// serves only members of those groups, read from the memberships at every sign-in and every
// validation, so a revoke counts at once.
import { mayUseApp } from '../catalog/index.ts';
import type { MembershipStore } from '../catalog/index.ts';
import type { ProtocolClient } from './protocol-client-store.ts';

export async function mayUseProtocolClient(memberships: MembershipStore, client: Pick<ProtocolClient, 'groups'>, userId: number): Promise<boolean> {
  return mayUseApp(memberships, client.groups, userId);
}

/** The login page of the portal, coming back to `callBack`; in the brand of the app's one group. */
export async function portalLoginPage(
  catalog: { listGroups(): Promise<{ code: string }[]> }, callBack: string, client: Pick<ProtocolClient, 'id' | 'groups'>,
): Promise<string> {
  const page = `/?callBack=${encodeURIComponent(callBack)}&clientId=${encodeURIComponent(client.id)}`;
  if (client.groups.length !== 1) return page;
  const group = (await catalog.listGroups()).find((g) => g.code === client.groups[0]);
  return group ? `${page}&brand=${encodeURIComponent(group.code)}` : page;
}

// Who may use a client: the one per-group rule (catalog/group-access.ts): a client registered with
// --group serves only members of those groups; without --group every account may. Asked in every
// place the provider needs it: the authorization
// (portal-policy.ts, interaction-routes.ts) and, because a membership or a client's groups may
// change after the sign-in, every later use of the tokens (refresh, userinfo, introspection in
// provider.ts).
import { mayUseApp } from '../catalog/index.ts';
import type { MembershipStore } from '../catalog/index.ts';
import type { ClientRegistry } from './client-registry.ts';

/** `memberships`: Accounts, or one request's read of them (provider.ts findAccount). */
export async function mayUseClient(registry: ClientRegistry, memberships: Pick<MembershipStore, 'groupsOf'>, clientId: string, userId: number): Promise<boolean> {
  const client = await registry.find(clientId);
  // An unknown client is the provider's own refusal, not this rule's.
  return !client || mayUseApp(memberships, client.groups, userId);
}

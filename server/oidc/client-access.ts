// Who may use a client: a client registered with --group serves only members of those groups;
// without --group every account may. One rule for every place it is asked: the authorization
// (portal-policy.ts, interaction-routes.ts) and, because a membership or a client's groups may
// change after the sign-in, every later use of the tokens (refresh, userinfo, introspection in
// provider.ts).
import type { Accounts } from './accounts.ts';
import type { ClientRegistry } from './client-registry.ts';

export async function mayUseClient(registry: ClientRegistry, accounts: Accounts, clientId: string, userId: number): Promise<boolean> {
  const client = await registry.find(clientId);
  if (!client || client.groups.length === 0) return true;
  const groups = await accounts.groupsOf(userId);
  return client.groups.some((g) => groups.includes(g));
}

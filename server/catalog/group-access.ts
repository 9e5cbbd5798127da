// Per-group access, the one rule (issue 24): may this account use this app? An app (an app card's
// client, an OpenID Connect client, a CAS service, a SAML service provider) registered with groups
// (--group, the console's 客户群) serves only members of at least one of them; an app without groups
// serves every account. A group's own calls (its app centre, its app list) serve its members only.
// Memberships are read from the store at every use (records/membership.ts), so a grant or revoke from
// the console, the CLI or another instance counts at the next request.
//
// Asked by: the app centre (catalog/routes.ts: which groups, which cards; app-links.ts) and every
// protocol through the one app registry (app-registry.ts, mayUse / mayUseById): the OpenID Connect
// provider (authorization, refresh, userinfo, introspection), CAS and SAML (sign-in, ticket
// validation, IdP-initiated SSO). A new protocol asks the registry too.
import type { MembershipStore } from '../records/membership.ts';

/** Whether an account in `accountGroups` may use an app that requires `appGroups` (none: everyone). */
export function groupsLetIn(appGroups: readonly string[], accountGroups: readonly string[]): boolean {
  return appGroups.length === 0 || appGroups.some((g) => accountGroups.includes(g));
}

/** The same rule, with the account's memberships read now. */
export async function mayUseApp(memberships: Pick<MembershipStore, 'groupsOf'>, appGroups: readonly string[], userId: number): Promise<boolean> {
  if (appGroups.length === 0) return true;
  return groupsLetIn(appGroups, await memberships.groupsOf(userId));
}

/** Whether an account in `accountGroups` may use the group `groupCode`'s own calls (its app centre). */
export function isGroupMember(accountGroups: readonly string[], groupCode: string): boolean {
  return accountGroups.includes(groupCode);
}

// The provider's login prompt, extended by the portal: no portal session means the portal's login
// page, and an account outside the client's groups is refused. Loaded with the provider
// (provider.ts), not at start: it needs oidc-provider's interactionPolicy.
import { interactionPolicy } from 'oidc-provider';
import { portalOf, type PolicyDeps } from './portal-session.ts';

export function portalPolicy(deps: PolicyDeps): interactionPolicy.DefaultPolicy {
  const { Check, base } = interactionPolicy;
  const policy = base();
  const login = policy.get('login')!;

  login.checks.add(new Check('portal_session', '门户未登录', 'login_required',
    (ctx) => (portalOf(ctx) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)), 0);

  login.checks.add(new Check('group_access', '账号不属于该应用的用户组', 'access_denied', async (ctx) => {
    const portal = portalOf(ctx);
    const client = deps.registry.get(ctx.oidc.client!.clientId);
    if (!portal || !client || client.groups.length === 0) return Check.NO_NEED_TO_PROMPT;
    const groups = await deps.accounts.groupsOf(portal.userId);
    return client.groups.some((g) => groups.includes(g)) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
  }), 1);

  return policy;
}

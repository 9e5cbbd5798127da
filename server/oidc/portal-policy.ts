// The provider's login prompt, extended by the portal: no portal session means the portal's login
// page, and an account outside the client's groups is refused. Loaded with the provider
// (provider.ts), not at start: it needs oidc-provider's interactionPolicy.
import { interactionPolicy } from 'oidc-provider';
import { portalOf, type PolicyDeps } from './portal-session.ts';
import { mayUseClient } from './client-access.ts';

export function portalPolicy(deps: PolicyDeps): interactionPolicy.DefaultPolicy {
  const { Check, base } = interactionPolicy;
  const policy = base();
  const login = policy.get('login')!;

  login.checks.add(new Check('portal_session', '门户未登录', 'login_required',
    (ctx) => (portalOf(ctx) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)), 0);

  login.checks.add(new Check('group_access', '账号不属于该应用的用户组', 'access_denied', async (ctx) => {
    const portal = portalOf(ctx);
    if (!portal) return Check.NO_NEED_TO_PROMPT;
    return await mayUseClient(deps.registry, deps.accounts, ctx.oidc.client!.clientId, portal.userId) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
  }), 1);

  return policy;
}

// The provider's login prompt, extended by the portal: no portal session means the portal's login
// page, and an account outside the client's groups is refused. Loaded with the provider
// (provider.ts), not at start: it needs oidc-provider's interactionPolicy.
import { interactionPolicy } from 'oidc-provider';
import { portalOf, type PolicyDeps } from './portal-session.ts';
import { ACR_TWO_FACTORS, wantsTwoFactors } from './acr.ts';
import { OidcMessages } from '../../contract/errors.ts';

export function portalPolicy(deps: PolicyDeps): interactionPolicy.DefaultPolicy {
  const { Check, base } = interactionPolicy;
  const policy = base();
  const login = policy.get('login')!;

  login.checks.add(new Check('portal_session', OidcMessages.portalNotSignedIn, 'login_required',
    (ctx) => (portalOf(ctx) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)), 0);

  login.checks.add(new Check('group_access', OidcMessages.notInAppGroups, 'access_denied', async (ctx) => {
    const portal = portalOf(ctx);
    if (!portal) return Check.NO_NEED_TO_PROMPT;
    return await deps.registry.mayUseById('oidc', ctx.oidc.client!.clientId, portal.userId, deps.accounts) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
  }), 1);

  // acr_values asking for two factors over a one-factor session: the interaction route decides
  // (sign in again, or unmet_authentication_requirements; server/oidc/acr.ts).
  login.checks.add(new Check('two_factors', OidcMessages.twoFactorsRequested, 'login_required',
    (ctx) => (wantsTwoFactors(ctx.oidc.params?.acr_values) && ctx.oidc.session?.acr !== ACR_TWO_FACTORS ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT)));

  return policy;
}

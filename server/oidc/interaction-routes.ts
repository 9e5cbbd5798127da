// GET /oidc/interaction/:uid: where the provider sends a browser that must sign in (or, for an app
// registered with --consent, agree). A browser signed out of the portal goes to the portal's own
// login page, which comes back here after any login method (password, SMS, WeCom, Feishu; a forced
// password change happens there, before any code). A signed-in one finishes at once: no prompt.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppContext } from '../context.ts';
import type { Apps } from '../registered-apps.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import type { Accounts } from './accounts.ts';
import { formTargetOrigins, type RegisteredClient } from './client-registry.ts';
import { OIDC_PREFIX } from './oidc-paths.ts';
import { consentPage, errorPage } from './pages.ts';
import { OidcPageTexts } from '../../contract/pages.ts';
import { loginTsOf } from './portal-session.ts';
import { amrOf } from './sign-in-amr.ts';
import { acrOf, UNMET_TWO_FACTORS, wantsTwoFactors } from './acr.ts';
import { providerPagePolicy, secureRawAnswer } from '../http/security-headers.ts';

export interface InteractionDeps {
  ctx: AppContext;
  provider: (request: FastifyRequest) => Promise<Provider>;
  accounts: Accounts;
  registry: Apps;
  /** Ends a portal session for a new sign-in, without single logout yet (oidc-plugin.ts). */
  forgetPortalSession(idHash: string): Promise<void>;
}


const uidParams = { type: 'object', required: ['uid'], properties: { uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } } as const;

/**
 * The portal's login page, which comes back to the interaction after any login method. It wears
 * the brand of the client's group when the client has exactly one group (`brand`, which the portal
 * hands to <sso-login>, portal/login-brand.ts); otherwise the brand of the host it is on. Only the
 * look follows the client: the page keeps its host's group for everything that works by group
 * (QR codes return to that group's registered address, registration joins its group).
 */
async function loginPage(ctx: AppContext, uid: string, client: RegisteredClient | undefined): Promise<string> {
  // clientId (a login page parameter of the spec) goes along with the sign-in, so the sign-in audit
  // names the app the account signed in for.
  const page = `/?callBack=${encodeURIComponent(`${OIDC_PREFIX}/interaction/${uid}`)}${client ? `&clientId=${encodeURIComponent(client.clientId)}` : ''}`;
  if (client?.groups.length !== 1) return page;
  const group = (await ctx.stores.catalog.listGroups()).find((g) => g.code === client.groups[0]);
  return group ? `${page}&brand=${encodeURIComponent(group.code)}` : page;
}

export function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  const { ctx, accounts, registry } = deps;
  /** The provider answers past Fastify: with the headers every other answer gets. */
  const hijack = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    secureRawAnswer(reply.raw, request.protocol === 'https', providerPagePolicy(formTargetOrigins(registry.all('oidc'))));
  };

  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await (await deps.provider(request)).interactionDetails(request.raw, reply.raw);
    } catch {
      // An unknown, expired or other browser's interaction: the app must start over.
      reply.status(400).type('text/html; charset=utf-8').send(errorPage('invalid_request', OidcPageTexts.interactionExpired));
      return null;
    }
  }

  app.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, { schema: { params: uidParams } }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const provider = await deps.provider(request);
    const clientId = String(interaction.params.client_id);
    const client = registry.get('oidc', clientId);
    const state = await ctx.sessions.resolve(sessionIdOf(request));
    if (state.kind !== 'active') return reply.redirect(await loginPage(ctx, interaction.uid, client), 303);
    const portal = state.session;
    const reasons = interaction.prompt.reasons;
    // prompt=login or an exceeded max_age: the user must sign in again, after this request began.
    const mustReauthenticate = reasons.includes('login_prompt') || reasons.includes('max_age');
    if (interaction.prompt.name === 'login' && mustReauthenticate && portal.createdAt < interaction.iat * 1000) {
      // Only the portal session goes: the provider session (and this interaction, which belongs
      // to it) stays and is bound to the new sign-in. The same account keeps its apps; another
      // account's sign-in ends them first (single logout, grants revoked: portal-session.ts).
      await deps.forgetPortalSession(portal.idHash);
      return reply.redirect(await loginPage(ctx, interaction.uid, client), 303);
    }
    if (!(await registry.mayUseById('oidc', clientId, portal.userId, accounts))) {
      hijack(request, reply);
      await provider.interactionFinished(request.raw, reply.raw,
        { error: 'access_denied', error_description: 'the account is not a member of the groups of this client' },
        { mergeWithLastSubmission: false });
      return reply;
    }
    const subject = await accounts.subjectOf(portal.userId);
    if (interaction.prompt.name === 'consent') {
      const scopes = String(interaction.params.scope ?? 'openid').split(' ');
      // Its form ends at the app (a 303 to the redirect_uri): form-action must allow it.
      return reply.type('text/html; charset=utf-8').header('content-security-policy', providerPagePolicy(formTargetOrigins(registry.all('oidc')))).send(consentPage(client?.name ?? clientId, scopes, `${OIDC_PREFIX}/interaction/${interaction.uid}/consent`));
    }
    const amr = await amrOf(ctx.storage.oidcRecords, portal.idHash);
    // acr_values asking for two factors (server/oidc/acr.ts): a one-factor session from before this
    // request signs in again; one started after it (the account has no second factor) gets none.
    // iat counts whole seconds: a session of the same second counts as older (one more sign-in).
    if (wantsTwoFactors(interaction.params.acr_values) && !amr.includes('mfa')) {
      if (portal.createdAt < (interaction.iat + 1) * 1000) {
        await deps.forgetPortalSession(portal.idHash);
        return reply.redirect(await loginPage(ctx, interaction.uid, client), 303);
      }
      hijack(request, reply);
      await provider.interactionFinished(request.raw, reply.raw,
        { error: 'unmet_authentication_requirements', error_description: UNMET_TWO_FACTORS }, { mergeWithLastSubmission: false });
      return reply;
    }
    hijack(request, reply);
    await provider.interactionFinished(request.raw, reply.raw,
      { login: { accountId: subject, ts: loginTsOf(portal), amr, acr: acrOf(amr) } }, { mergeWithLastSubmission: false });
    return reply;
  });

  app.post<{ Params: { uid: string }; Body: { decision: 'allow' | 'deny' } }>(`${OIDC_PREFIX}/interaction/:uid/consent`, {
    schema: {
      params: uidParams,
      body: { type: 'object', required: ['decision'], properties: { decision: { type: 'string', enum: ['allow', 'deny'] } } },
    },
    // A form of our own page: the interaction cookie (SameSite=Lax, this path) ties it to the browser.
    config: { xsrf: false },
  }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const provider = await deps.provider(request);
    const state = await ctx.sessions.resolve(sessionIdOf(request));
    if (state.kind !== 'active' || interaction.prompt.name !== 'consent') {
      return reply.redirect(await loginPage(ctx, interaction.uid, registry.get('oidc', String(interaction.params.client_id))), 303);
    }
    hijack(request, reply);
    if (request.body.decision === 'deny') {
      await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'the user refused' }, { mergeWithLastSubmission: false });
      return reply;
    }
    const grant = interaction.grantId
      ? (await provider.Grant.find(interaction.grantId))!
      : new provider.Grant({ accountId: interaction.session!.accountId, clientId: String(interaction.params.client_id) });
    const details_ = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (details_.missingOIDCScope) grant.addOIDCScope(details_.missingOIDCScope.join(' '));
    if (details_.missingOIDCClaims) grant.addOIDCClaims(details_.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply;
  });
}

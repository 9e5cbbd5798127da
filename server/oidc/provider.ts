// The oidc-provider configuration: code flow with PKCE, refresh tokens rotated on every use (a
// reused one revokes its grant), userinfo, introspection, revocation, RP-initiated and back-channel
// logout, claims by scope, and our own sign-in (interactions go to the portal's login page).
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Accounts } from './accounts.ts';
import type { Apps } from '../registered-apps.ts';
import { providerSecretMatches } from './client-secrets.ts';
import { OidcAdapter } from './oidc-adapter.ts';
import { OIDC_PREFIX } from './oidc-paths.ts';
import type { OidcStorage } from './oidc-record-store.ts';
import { errorPage, loggedOutPage, logoutConfirmPage } from './pages.ts';
import { portalPolicy } from './portal-policy.ts';
import { bindToPortal } from './portal-session.ts';
import type { SignIns } from './single-logout.ts';
import { finishConfirmedLogout, rememberLogoutRequest, type ConfirmedLogout } from './confirmed-logout.ts';
import { providerJwks, type KeySet } from './signing-keys.ts';
import { guardedDispatcher } from './backchannel-guard.ts';
import { providerMetadata } from './client-registry.ts';
import { SCOPE_CLAIMS } from './accounts.ts';
import { ACR_VALUES } from './acr.ts';
import { KNOWN_SCOPES } from './client-scopes.ts';


export interface ProviderDeps {
  issuer: string;
  storage: OidcStorage;
  registry: Apps;
  accounts: Accounts;
  keys: KeySet;
  cookieKeys: string[];
  sessionAbsoluteMs: number;
  /** Whether the provider may send a request to this address (backchannel-guard.ts). */
  backchannelAllowed(address: string): boolean;
  /** A request refused by that check (logged). */
  backchannelRefused(address: string): void;
  /** Ends an account's sign-ins to apps when another account takes its provider session over. */
  endSignIns(accountId: string, signIns: SignIns): Promise<void>;
  /** Runs instead of the default logout: ends the portal session and signs out of every app. */
  /**
   * Ends the portal session behind a logout with a valid id_token_hint; answers where the browser
   * must go before `returnTo` (SAML front-channel logout), or null.
   */
  endPortalSession(ctx: KoaContextWithOIDC, returnTo: string | null): Promise<string | null>;
  /** After a button of the confirmation page (oidc-provider's confirm step ran): revoke, and for 退出登录 end the portal session. */
  finishConfirmedLogout(ctx: KoaContextWithOIDC, logout: ConfirmedLogout): Promise<void>;
}

const MINUTE = 60;

/**
 * The provider's cookie names when the issuer is https (review finding 9), as the portal's own
 * (http/cookie-names.ts). The session cookie is `__Host-`: Secure, Path=/, no Domain, so a sibling
 * subdomain cannot plant or shadow it. The interaction and resume cookies are scoped by oidc-provider
 * to their interaction's path, which `__Host-` forbids: they get `__Secure-` (Secure enforced), and
 * live only as long as one sign-in.
 */
const HTTPS_COOKIE_NAMES = { session: '__Host-sso_oidc_session', interaction: '__Secure-sso_oidc_interaction', resume: '__Secure-sso_oidc_resume' };

export function createProvider(deps: ProviderDeps): Provider {
  const { storage, registry, accounts } = deps;
  const policyDeps = { accounts, registry, storage, linkTtlMs: deps.sessionAbsoluteMs + 24 * 3600_000, endSignIns: deps.endSignIns };
  // Introspection (oidc-provider asks no findAccount there): a token is active only for an account
  // that exists, is enabled and may still use the token's client, as findAccount decides for
  // refresh and userinfo. An unknown subject is not "no account to check": it is inactive.
  const accountMayUse = async (subject: string | undefined, clientId: string): Promise<boolean> => {
    if (!subject) return false;
    const account = await accounts.find(subject);
    return account !== null && registry.mayUseById('oidc', clientId, account.userId, accounts);
  };
  const clientAdapter = {
    async find(id: string) {
      const client = await registry.find('oidc', id);
      return client ? providerMetadata(client) : undefined;
    },
    async upsert() {}, async findByUid() { return undefined; }, async findByUserCode() { return undefined; },
    async consume() {}, async destroy() {}, async revokeByGrantId() {},
  };
  let guarded: object | null = null;
  const configuration: Configuration = {
    adapter: (name: string) => (name === 'Client' ? clientAdapter : new OidcAdapter(name, storage)),
    jwks: providerJwks(deps.keys) as Configuration['jwks'],
    cookies: { keys: deps.cookieKeys, ...(new URL(deps.issuer).protocol === 'https:' ? { names: HTTPS_COOKIE_NAMES } : {}) },
    responseTypes: ['code'],
    // What our clients can use, and so what discovery advertises: secrets are stored hashed, so
    // client_secret_jwt (an HMAC keyed by the plain secret) cannot be checked, and no client has
    // a key for private_key_jwt. A confidential client may use both secret methods.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    // No offline_access (client-scopes.ts): not advertised, ignored like any scope the portal does
    // not know (OpenID Connect Core 3.1.2.1). A known scope the client was not registered for is
    // refused with invalid_scope (the client's `scope` metadata, client-registry.ts).
    scopes: [...KNOWN_SCOPES],
    // amr with openid: every ID token says how its session was signed into (sign-in-amr.ts).
    claims: { openid: [...SCOPE_CLAIMS.openid, 'amr'], profile: [...SCOPE_CLAIMS.profile], phone: [...SCOPE_CLAIMS.phone], groups: [...SCOPE_CLAIMS.groups] },
    // acr: one factor or two (server/oidc/acr.ts); a client may ask for two with acr_values.
    acrValues: ACR_VALUES,
    routes: {
      authorization: `${OIDC_PREFIX}/auth`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/me`,
      jwks: `${OIDC_PREFIX}/jwks`,
      introspection: `${OIDC_PREFIX}/token/introspection`,
      revocation: `${OIDC_PREFIX}/token/revocation`,
      end_session: `${OIDC_PREFIX}/session/end`,
      pushed_authorization_request: `${OIDC_PREFIX}/request`,
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        // Only the client a token was issued to learns about it (another client's token answers
        // active: false, as an unknown one does), and only while its account may use that client.
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId
          && await accountMayUse('accountId' in token ? token.accountId : undefined, token.clientId),
      },
      revocation: { enabled: true, allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // A valid id_token_hint of the signed-in account: end the whole session at once (no
          // click, no auto-submitting script) and go back to the registered post-logout URI.
          const hint = ctx.oidc.entities.IdTokenHint as { payload: { sub?: string } } | undefined;
          if (hint && hint.payload.sub === ctx.oidc.session?.accountId) {
            const target = ctx.oidc.params?.post_logout_redirect_uri;
            let returnTo: string | null = null;
            if (typeof target === 'string') {
              const url = new URL(target);
              if (typeof ctx.oidc.params?.state === 'string') url.searchParams.set('state', ctx.oidc.params.state);
              returnTo = url.href;
            }
            // SAML apps only the browser can sign out come first (saml-front-logout.ts), then returnTo.
            const walkFirst = await deps.endPortalSession(ctx, returnTo);
            (ctx.oidc.session as unknown as { destroyed: boolean }).destroyed = true;
            if (walkFirst ?? returnTo) {
              ctx.status = 303;
              ctx.redirect((walkFirst ?? returnTo)!);
            } else {
              ctx.type = 'html';
              ctx.body = loggedOutPage(ctx.oidc.client?.clientName ?? null);
            }
            return;
          }
          ctx.type = 'html';
          ctx.body = logoutConfirmPage(form, ctx.oidc.client?.clientName ?? null);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(ctx.oidc.client?.clientName ?? null);
        },
      },
    },
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    ttl: {
      AccessToken: 10 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 10 * MINUTE,
      RefreshToken: 14 * 24 * 60 * MINUTE,
      Grant: 14 * 24 * 60 * MINUTE,
      Interaction: 30 * MINUTE,
      Session: Math.ceil(deps.sessionAbsoluteMs / 1000),
    },
    // Every use of a refresh token hands out a new one; the old one is consumed, and using it
    // again (a stolen copy) revokes the whole grant (oidc-provider's reuse detection).
    rotateRefreshToken: () => true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    // With a token (a code, refresh or access token in use) the account must still be allowed to
    // use that token's client: a revoked membership or a client's new --group ends the access at
    // the next refresh or userinfo call, not 14 days later (undefined: "no such account" to the
    // provider, which answers invalid_grant / invalid_token).
    // The memberships are read once per request (findAccount runs once per token use): the access
    // check and the groups claim see the same read.
    async findAccount(_ctx, sub, token) {
      const account = await accounts.find(sub);
      if (!account) return undefined;
      let groups: Promise<string[]> | undefined;
      const memberships = { groupsOf: (userId: number) => (groups ??= accounts.groupsOf(userId)) };
      if (token?.clientId && !(await registry.mayUseById('oidc', token.clientId, account.userId, memberships))) return undefined;
      return { accountId: sub, claims: (_use, scope) => accounts.claims(sub, account, scope, memberships.groupsOf) };
    },
    interactions: {
      url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}`,
      policy: portalPolicy(policyDeps),
    },
    // First-party apps need no consent: their grant covers what they ask for. An app registered
    // with --consent gets none here and shows the consent screen (interaction-routes.ts).
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client!.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const registered = registry.get('oidc', oidc.client!.clientId);
      if (registered?.consent) return existing;
      const grant = existing ?? new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      if (oidc.params?.scope) grant.addOIDCScope(String(oidc.params.scope));
      if (oidc.params?.claims) grant.addOIDCClaims(Object.keys(JSON.parse(String(oidc.params.claims)).userinfo ?? {}));
      await grant.save();
      return grant;
    },
    clientBasedCORS(_ctx, origin, client) {
      return (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin);
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
    // oidc-provider refuses its own requests to private and loopback addresses (an SSRF guard).
    // Intranet apps live there: every request goes through our own check instead, of the address
    // the connection reached: the allowed private ranges yes, link-local and metadata never
    // (backchannel-guard.ts). The Agent class is the one of the dispatcher oidc-provider hands in.
    fetch: (url, options) => {
      const { dispatcher, ...rest } = options as RequestInit & { dispatcher?: { constructor: new () => never } };
      if (!dispatcher) return Promise.reject(new Error('no dispatcher to guard the back-channel request with'));
      guarded ??= guardedDispatcher(dispatcher.constructor, deps.backchannelAllowed, deps.backchannelRefused);
      return globalThis.fetch(url, { ...rest, dispatcher: guarded } as RequestInit);
    },
  };
  const provider = new Provider(deps.issuer, configuration);
  // The forwarded headers the provider sees are set by the route that hands requests over
  // (forwarded-headers.ts): the issuer's host and protocol, the client IP Fastify trusted.
  provider.proxy = true;
  provider.use(finishConfirmedLogout(deps.finishConfirmedLogout));
  // The portal session IS the provider session: bind them as the provider loads its session, so
  // every later step (grant, checks, prompt=none) sees the portal's account.
  const loadSession = provider.Session.get.bind(provider.Session);
  provider.Session.get = async (ctx: KoaContextWithOIDC) => {
    const session = await loadSession(ctx);
    rememberLogoutRequest(ctx, session);
    await bindToPortal(ctx, session, policyDeps);
    return session;
  };
  // One Client per registered client as the registry holds it now (issue 33): oidc-provider's own
  // find serialises and hashes the adapter's metadata at every look-up (token, userinfo and
  // introspection each ask) to find its cached Client. The registry replaces a client's object
  // whenever the stored clients change (a new secret, a disabled or removed client: the registry
  // no longer has it, and the look-up goes to the adapter, which answers undefined), so a Client
  // kept under that object is the one oidc-provider would have found for the same metadata.
  const findClient = provider.Client.find.bind(provider.Client);
  const clientsByApp = new WeakMap<object, ReturnType<typeof findClient>>();
  provider.Client.find = function findRegistered(id: string) {
    const registered = typeof id === 'string' ? registry.get('oidc', id) : undefined;
    if (!registered) return findClient(id);
    let found = clientsByApp.get(registered);
    if (!found) {
      found = findClient(id);
      clientsByApp.set(registered, found);
      found.then((client) => { if (!client) clientsByApp.delete(registered); }, () => clientsByApp.delete(registered));
    }
    return found;
  } as typeof provider.Client.find;
  // Hashed secrets (client-secrets.ts): compare the hash of what the client sent, with the
  // previous secret during a rotation's grace period.
  provider.Client.prototype.compareClientSecret = function compareHashed(this: { clientSecret?: string }, actual: string) {
    return Promise.resolve(providerSecretMatches(this.clientSecret, actual, Date.now()));
  } as never;
  return provider;
}

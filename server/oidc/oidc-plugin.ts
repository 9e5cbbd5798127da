// Mounts the OpenID Connect provider on the Fastify app, under the portal's origin: discovery at
// /.well-known/openid-configuration, the protocol endpoints under /oidc, the sign-in interaction
// (interaction-routes.ts). The provider is built on the first request, when the listening port
// (the default issuer http://localhost:<port>) is known; SSO_PUBLIC_URL sets the issuer otherwise.
// oidc-provider itself (with koa, jose and its Intl data) is loaded then too: a portal that no
// app signs in through never pays its 20 MB resident and 300 ms at start (docs/performance.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { oidcKeyPlace } from './oidc-key-place.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { Accounts } from './accounts.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { OIDC_PREFIX } from './oidc-paths.ts';
import { isReauthLink, PORTAL_LINK_MODEL, REAUTH_WAIT_MS, reauthLinkId, type PortalRequest } from './portal-session.ts';
import { keySetFingerprint, loadOrCreateKeys } from './signing-keys.ts';
import { SingleLogout } from './single-logout.ts';
import { withEnglishLists } from './english-lists.ts';
import { loadCookieKeys } from './cookie-keys.ts';
import { backchannelAddressCheck } from './backchannel-guard.ts';
import { RefreshActivity } from './refresh-activity.ts';
import { forwardIssuerHeaders, forwardIssuerView } from './forwarded-headers.ts';
import type { RawRequestView } from '../http/raw-front.ts';
import { providerPagePolicy, secureRawAnswer } from '../http/security-headers.ts';
import { forgetSignIn, rememberSignIn } from './sign-in-amr.ts';
import { formTargetOrigins } from './client-registry.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

const KEY_CHECK_MS = 5000;

export async function registerOidc(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  // Everything from the storage layer compose.ts built: one database handle per process.
  const storage = ctx.storage.oidcRecords;
  const registry = ctx.apps;
  await registry.start();
  const keyPlace = oidcKeyPlace(ctx);
  let keys = await loadOrCreateKeys(keyPlace);
  // Cookie signing keys shared by every instance, in the durable storage, rotated (cookie-keys.ts).
  let cookieKeys = await loadCookieKeys(storage, config.sessionAbsoluteMs);
  const accounts = new Accounts(ctx.stores);

  let provider: Promise<Provider> | null = null;
  let handler: ((req: unknown, res: unknown) => Promise<void>) | null = null;
  const issuerFor = (): string => ctx.portalAddress.issuer();
  let parsedIssuer: URL | null = null;
  const issuerUrl = (): URL => (parsedIssuer ??= new URL(issuerFor()));
  const logout = new SingleLogout(() => current(), storage, app.log);
  const backchannelAllowed = backchannelAddressCheck(config.oidcBackchannelAllow);
  const refreshActivity = new RefreshActivity(storage, ctx.stores.sessions, config, ctx.now);
  const build = async (): Promise<Provider> => {
    // Without the ICU data oidc-provider's two English list formats would map (english-lists.ts).
    const { createProvider } = await withEnglishLists(() => import('./provider.ts'));
    const built = createProvider({
      issuer: issuerFor(), storage, registry, accounts, keys, cookieKeys,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
      backchannelAllowed, backchannelRefused: (address) => app.log.warn({ address }, 'back-channel request refused: address not allowed (SSO_OIDC_BACKCHANNEL_ALLOW)'),
      endSignIns: (accountId, signIns) => logout.endSignIns(accountId, signIns),
      endPortalSession: async (koa: KoaContextWithOIDC, returnTo: string | null) => {
        const portal = (koa.req as PortalRequest).ssoPortal;
        const uid = koa.oidc.session!.uid;
        let walkFirst: string | null = null;
        if (portal?.sid) {
          await ctx.sessions.end(portal.sid);
          walkFirst = await ctx.sessions.browserStepAfterEnd(portal.sid, returnTo);
        }
        await logout.endProviderSession(uid);
        return walkFirst;
      },
      // oidc-provider's confirm step already destroyed the provider session and sent the logout
      // tokens; ending the portal session then finds no provider session left (no second token).
      // The browser visits the SAML apps it can only reach itself before the step's redirect.
      finishConfirmedLogout: async (koa, { grantIds, endPortalSession }) => {
        for (const grantId of grantIds) await storage.revokeByGrantId(grantId);
        const portal = (koa.req as PortalRequest).ssoPortal;
        if (!endPortalSession || !portal?.sid) return;
        await ctx.sessions.end(portal.sid);
        const walkFirst = await ctx.sessions.browserStepAfterEnd(portal.sid, koa.response.get('location') || null);
        if (walkFirst) koa.redirect(walkFirst);
      },
    });
    // oidc-provider's own deliveries (the logout confirmation's step): retried like ours.
    built.on('backchannel.error', (_koa, error, client, accountId, sid) => logout.failed(client.clientId, accountId, sid, 0, error));
    built.on('server_error', (_koa, error) => app.log.error({ err: error }, 'OpenID Connect provider error'));
    // An app's refresh is activity of the portal session its sign-in came from (review finding 10):
    // an app in use keeps the portal session from its idle timeout, not from its absolute one.
    built.use(async (koa, next) => {
      await next();
      if (koa.oidc?.route !== 'token' || koa.status !== 200 || koa.oidc.params?.grant_type !== 'refresh_token') return;
      const used = (koa.oidc.entities.RotatedRefreshToken ?? koa.oidc.entities.RefreshToken) as { sessionUid?: string } | undefined;
      if (used?.sessionUid) await refreshActivity.seen(used.sessionUid).catch((error: unknown) => app.log.warn({ err: error }, 'refresh activity not recorded'));
    });
    return built;
  };
  function current(): Promise<Provider> {
    if (!provider) {
      const building = build();
      provider = building;
      // A failed build is tried again on the next request, as before the lazy load.
      building.catch(() => {
        if (provider === building) provider = null;
      });
    }
    return provider;
  }
  const providerFor = (_request?: FastifyRequest): Promise<Provider> => current();

  // rotate-keys on any instance (or the CLI) reaches every running server within five seconds, and
  // so does a published key's turn to sign and a cookie key's rotation.
  let keysSeen = `${keySetFingerprint(keys)}|${cookieKeys.join(',')}`;
  const keyTimer = setInterval(() => {
    void (async () => {
      const latest = await loadOrCreateKeys(keyPlace);
      const latestCookieKeys = await loadCookieKeys(storage, config.sessionAbsoluteMs);
      const seen = `${keySetFingerprint(latest)}|${latestCookieKeys.join(',')}`;
      if (seen === keysSeen) return;
      keys = latest;
      cookieKeys = latestCookieKeys;
      keysSeen = seen;
      provider = null;
      handler = null;
      app.log.info('OpenID Connect signing or cookie keys changed: provider rebuilt');
    })().catch((error: unknown) => app.log.warn({ err: error }, 'reading OpenID Connect signing keys failed'));
  }, KEY_CHECK_MS);
  keyTimer.unref();

  // Single logout when a portal session ends: sign-out and re-login here; timeouts and
  // administrators' password resets (other processes) are found by the sweep below.
  // How each portal session was signed into, for the ID token's amr (sign-in-amr.ts).
  ctx.sessions.onStart((idHash, method) => rememberSignIn(storage, idHash, method, Date.now() + config.sessionAbsoluteMs + 24 * 3600_000));
  ctx.sessions.onEnd(async (idHash) => {
    await logout.endPortalSession(idHash).catch((error: unknown) => app.log.warn({ err: error }, 'single logout failed'));
    // Its sign-in method is no longer needed (it would expire by itself too).
    await forgetSignIn(storage, idHash).catch((error: unknown) => app.log.warn({ err: error }, 'forgetting a sign-in method failed'));
  });
  const sweepTimer = setInterval(() => {
    void (async () => {
      for (const { id, payload } of await storage.list(PORTAL_LINK_MODEL)) {
        const now = ctx.now();
        // A prompt=login that nobody finished: its provider session ends like a timed-out one.
        if (isReauthLink(id)) {
          if (Number(payload.until) <= now) await logout.endPortalSession(id);
          continue;
        }
        const session = await ctx.stores.sessions.findSession(id);
        const over = !session || now - session.lastSeenAt > config.sessionIdleMs || now - session.createdAt > config.sessionAbsoluteMs;
        if (over) await logout.endPortalSession(id);
      }
      // Back-channel deliveries still to retry, also those a stopped instance left.
      await logout.retryDue();
    })().catch((error: unknown) => app.log.warn({ err: error }, 'single logout sweep failed'));
  }, config.oidcLogoutSweepMs);
  sweepTimer.unref();

  app.addHook('onClose', async () => {
    logout.stop();
    clearInterval(keyTimer);
    clearInterval(sweepTimer);
    registry.stop();
  });

  registerInteractionRoutes(app, {
    ctx, provider: providerFor, accounts, registry,
    // prompt=login / max_age: the portal session ends without single logout, for the same person
    // may sign in again and keep his apps; its provider session waits under a re-authentication
    // link (portal-session.ts): another account signing in ends its sign-ins, nobody signing in
    // within REAUTH_WAIT_MS lets the sweep end them.
    async forgetPortalSession(idHash) {
      const link = await storage.find(PORTAL_LINK_MODEL, idHash);
      if (link?.uid) {
        const uid = String(link.uid);
        await storage.upsert(PORTAL_LINK_MODEL, reauthLinkId(uid), { uid, accountId: link.accountId, until: ctx.now() + REAUTH_WAIT_MS },
          Date.now() + REAUTH_WAIT_MS + 24 * 3600_000, {});
      }
      await storage.destroy(PORTAL_LINK_MODEL, idHash);
      await ctx.stores.sessions.deleteSession(idHash);
    },
  });

  await app.register(async (scope) => {
    // The provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const toProvider = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const sid = sessionIdOf(request);
      const state = await ctx.sessions.resolve(sid);
      (request.raw as PortalRequest).ssoPortal = { session: state.kind === 'active' ? state.session : null, sid };
      // The provider writes its answers itself: the same security headers as every other page
      // (HSTS when this request came over https, as Fastify trusted it).
      reply.hijack();
      secureRawAnswer(reply.raw, request.protocol === 'https', providerPagePolicy(formTargetOrigins(registry.all('oidc'))));
      // Every URL the provider builds comes from the issuer, never from Host / X-Forwarded-Host.
      forwardIssuerView(request, issuerUrl());
      handler ??= (await current()).callback() as never;
      await handler!(request.raw, reply.raw);
    };
    const route = { config: { xsrf: false } };
    scope.get(DISCOVERY_PATH, route, toProvider);
    scope.all(`${OIDC_PREFIX}/*`, route, toProvider);
  });

  // The back-channel endpoints apps' servers call, past Fastify (http/raw-front.ts: the client IP
  // and protocol as Fastify trusts them, the request id, the log line): the same security headers
  // and issuer view as the route above. No portal session is looked up unless its cookie came
  // along: these endpoints never load a provider session (nothing of theirs reads ssoPortal).
  const names = app.cookieNames;
  const toProviderRaw = async (raw: IncomingMessage, reply: ServerResponse, view: RawRequestView): Promise<void> => {
    const sid = raw.headers.cookie?.includes(names.session) ? app.parseCookie(raw.headers.cookie)[names.session] : undefined;
    const state = sid ? await ctx.sessions.resolve(sid) : null;
    (raw as PortalRequest).ssoPortal = { session: state?.kind === 'active' ? state.session : null, sid };
    secureRawAnswer(reply, view.protocol === 'https', providerPagePolicy(formTargetOrigins(registry.all('oidc'))));
    forwardIssuerHeaders(raw.headers, view.ip, issuerUrl());
    handler ??= (await current()).callback() as never;
    await handler!(raw, reply);
  };
  for (const path of [DISCOVERY_PATH, ...BACK_CHANNEL_PATHS]) app.rawFront.take(path, toProviderRaw);
}

const DISCOVERY_PATH = '/.well-known/openid-configuration';
/** provider.ts's routes that apps' servers call: token, userinfo, keys, introspection, revocation. */
const BACK_CHANNEL_PATHS = ['token', 'me', 'jwks', 'token/introspection', 'token/revocation'].map((route) => `${OIDC_PREFIX}/${route}`);

export const oidcSlice: SlicePlugin = {
  name: 'oidc',
  root: (app, ctx) => registerOidc(app, ctx),
};

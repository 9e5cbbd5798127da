// A small relying-party app, as a team connecting its own app to the portal would write it: one
// Node HTTP server on its own origin (127.0.0.1, its own port) that signs people in with the
// authorization code flow and PKCE through openid-client (configured from the discovery document
// only), starts that flow itself when the portal sends the browser to its initiate_login_uri
// (OpenID Connect Core 1.0 section 4), signs out through the portal's end_session_endpoint, and
// takes Back-Channel Logout 1.0 tokens, checked with jose against the published JWKS, that mark its
// local sessions signed out. Used by test/e2e/relying-parties.test.ts; nothing in it knows the
// portal beyond its issuer URL.
//
// Pages (Chinese, like the apps the portal launches):
//   GET  /                     状态: 已登录：<preferred_username>, or 未登录 (with 已在统一登录平台退出 after a
//                              back-channel logout); links 登录 / 退出登录
//   GET  /login                starts the code flow
//   GET  /initiate-login       third-party initiated login: iss must be the issuer; target_link_uri
//                              is followed only on this app's own origin
//   GET  /callback             the redirect_uri
//   GET  /logout               RP-initiated logout (id_token_hint, post_logout_redirect_uri = /)
//   POST /backchannel-logout   the backchannel_logout_uri
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export interface RelyingPartyOptions {
  /** Shown as the page heading, e.g. 应用 A. */
  title: string;
  clientId: string;
  /** The secret, or where to read it when the app is registered after it started (the console shows it then). */
  clientSecret: string | (() => string);
  /** The portal's issuer (SSO_PUBLIC_URL). */
  issuer: string;
}

export interface RelyingParty {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** What to register with `npm run admin -- add-client`. */
  redirectUri: string;
  initiateLoginUri: string;
  backchannelLogoutUri: string;
  postLogoutRedirectUri: string;
  /** Third-party initiated logins received (iss and target_link_uri as sent). */
  initiatedLogins: { iss: string | null; target: string | null }[];
  /** Claims of the back-channel logout tokens accepted. */
  logouts: JWTPayload[];
  /** Why back-channel logout requests were refused. */
  refusedLogouts: string[];
  close(): Promise<void>;
}

interface PendingLogin {
  verifier: string;
  nonce: string;
  /** Where to go once signed in (a path on this origin). */
  target: string;
}

interface SignedIn {
  username: string;
  sub: string;
  /** The portal session (sid of the ID token): what a logout token names. */
  sid: string;
  idToken: string;
}

interface LocalSession {
  pending: Map<string, PendingLogin>;
  user: SignedIn | null;
  /** Set when a back-channel logout ended this session. */
  endedByPortal: boolean;
  /**
   * The last refresh token, kept even after a logout ended the local session: GET /refresh shows
   * whether the portal still honours it (it must not once the account's access was ended).
   */
  refreshToken: string | null;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startRelyingParty(options: RelyingPartyOptions): Promise<RelyingParty> {
  const sessions = new Map<string, LocalSession>();
  const usedLogoutTokens = new Set<string>();
  // Cookies are not separated by port: each app's cookie carries its client id in its name.
  const cookieName = `rp_${options.clientId.replace(/[^A-Za-z0-9]/g, '_')}`;

  // Discovery on first use: the portal only has to be up when the first person arrives.
  let configuration: Promise<oidc.Configuration> | null = null;
  const config = (): Promise<oidc.Configuration> => {
    configuration ??= oidc.discovery(new URL(options.issuer), options.clientId, undefined, oidc.ClientSecretBasic(typeof options.clientSecret === 'function' ? options.clientSecret() : options.clientSecret), {
      execute: [oidc.allowInsecureRequests], // the portal of the tests speaks plain http on 127.0.0.1
    });
    configuration.catch(() => (configuration = null));
    return configuration;
  };
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) page(response, 500, `<p id="status">出错了</p><pre>${escapeHtml(String(error))}</pre>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const rp: RelyingParty = {
    origin,
    redirectUri: `${origin}/callback`,
    initiateLoginUri: `${origin}/initiate-login`,
    backchannelLogoutUri: `${origin}/backchannel-logout`,
    postLogoutRedirectUri: `${origin}/`,
    initiatedLogins: [],
    logouts: [],
    refusedLogouts: [],
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };

  function page(response: http.ServerResponse, status: number, body: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${escapeHtml(options.title)}</title>`
      + `<h1>${escapeHtml(options.title)}</h1>${body}</html>`);
  }

  function redirect(response: http.ServerResponse, location: string, cookie?: string): void {
    response.writeHead(302, { location, 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) });
    response.end();
  }

  /** The browser's local session, made (with its cookie) when it has none. */
  function sessionOf(request: http.IncomingMessage): { id: string; session: LocalSession; cookie?: string } {
    const id = /(?:^|;\s*)([^=]+)=([^;]*)/g;
    for (const [, name, value] of (request.headers.cookie ?? '').matchAll(id)) {
      const known = name === cookieName ? sessions.get(value!) : undefined;
      if (known) return { id: value!, session: known };
    }
    const fresh = crypto.randomBytes(24).toString('base64url');
    const session: LocalSession = { pending: new Map(), user: null, endedByPortal: false, refreshToken: null };
    sessions.set(fresh, session);
    return { id: fresh, session, cookie: `${cookieName}=${fresh}; Path=/; HttpOnly; SameSite=Lax` };
  }

  /** A path on this origin from target_link_uri; anything else (another origin) is not followed. */
  function ownTarget(target: string | null): string {
    if (!target) return '/';
    try {
      const url = new URL(target);
      return url.origin === origin ? `${url.pathname}${url.search}` : '/';
    } catch {
      return '/';
    }
  }

  async function startLogin(request: http.IncomingMessage, response: http.ServerResponse, target: string): Promise<void> {
    const { session, cookie } = sessionOf(request);
    if (session.user) return redirect(response, target, cookie);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    session.pending.set(state, { verifier, nonce, target });
    const url = oidc.buildAuthorizationUrl(await config(), {
      redirect_uri: rp.redirectUri, scope: 'openid profile', state, nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    });
    redirect(response, url.href, cookie);
  }

  async function callback(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    const { session } = sessionOf(request);
    const state = url.searchParams.get('state') ?? '';
    const pending = session.pending.get(state);
    if (!pending) return page(response, 400, '<p id="status">登录请求无效或已过期</p><a href="/login">登录</a>');
    session.pending.delete(state);
    if (url.searchParams.has('error')) {
      return page(response, 403, `<p id="status">未登录</p><p id="error">${escapeHtml(url.searchParams.get('error')!)}</p>`);
    }
    const configuration = await config();
    const tokens = await oidc.authorizationCodeGrant(configuration, url, {
      pkceCodeVerifier: pending.verifier, expectedState: state, expectedNonce: pending.nonce, idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // Profile claims come from userinfo when an access token is issued (Core 5.4).
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    session.user = {
      username: String(info.preferred_username ?? claims.sub), sub: claims.sub, sid: String(claims.sid ?? ''), idToken: tokens.id_token!,
    };
    session.refreshToken = tokens.refresh_token ?? null;
    session.endedByPortal = false;
    redirect(response, pending.target);
  }

  async function logout(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const { session, cookie } = sessionOf(request);
    const user = session.user;
    session.user = null;
    if (!user) return redirect(response, '/', cookie);
    const url = oidc.buildEndSessionUrl(await config(), { id_token_hint: user.idToken, post_logout_redirect_uri: rp.postLogoutRedirectUri });
    redirect(response, url.href);
  }

  /** Back-Channel Logout 1.0 section 2.6: signature, typ, iss, aud, iat, jti, events, sub or sid, no nonce. */
  async function backchannelLogout(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += chunk;
    const refuse = (reason: string) => {
      rp.refusedLogouts.push(reason);
      response.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ error: 'invalid_request', error_description: reason }));
    };
    const token = new URLSearchParams(body).get('logout_token');
    if (!token) return refuse('no logout_token');
    const metadata = (await config()).serverMetadata();
    jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri!));
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, {
        issuer: metadata.issuer, audience: options.clientId, algorithms: ['RS256'], requiredClaims: ['iat', 'jti', 'events'],
        // Explicit typing (section 2.4) keeps an ID token from passing as a logout token.
        typ: 'logout+jwt', maxTokenAge: '2 minutes',
      }));
    } catch (error) {
      return refuse(`logout token not valid: ${(error as Error).message}`);
    }
    const events = claims.events as Record<string, unknown> | undefined;
    if (!events || typeof events[LOGOUT_EVENT] !== 'object' || events[LOGOUT_EVENT] === null) return refuse('no back-channel logout event');
    if (!claims.sub && !claims.sid) return refuse('neither sub nor sid');
    if ('nonce' in claims) return refuse('a logout token carries no nonce');
    if (usedLogoutTokens.has(claims.jti!)) return refuse('replayed logout token');
    usedLogoutTokens.add(claims.jti!);
    for (const session of sessions.values()) {
      const user = session.user;
      if (!user) continue;
      const named = claims.sid ? user.sid === claims.sid && (!claims.sub || user.sub === claims.sub) : user.sub === claims.sub;
      if (named) {
        session.user = null;
        session.endedByPortal = true;
      }
    }
    rp.logouts.push(claims);
    response.writeHead(200, { 'cache-control': 'no-store' });
    response.end();
  }

  /** GET /refresh: what an app does to stay signed in; the page says 已刷新 or the provider's error. */
  async function refresh(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const { session } = sessionOf(request);
    const token = session.refreshToken;
    if (!token) return page(response, 200, '<p id="refresh">没有刷新令牌</p>');
    try {
      const tokens = await oidc.refreshTokenGrant(await config(), token);
      session.refreshToken = tokens.refresh_token ?? token;
      page(response, 200, '<p id="refresh">已刷新</p>');
    } catch (error) {
      const code = (error as { error?: string }).error ?? (error as Error).message;
      page(response, 200, `<p id="refresh">刷新被拒绝：${escapeHtml(code)}</p>`);
    }
  }

  function home(request: http.IncomingMessage, response: http.ServerResponse): void {
    const { session, cookie } = sessionOf(request);
    if (cookie) response.setHeader('set-cookie', cookie);
    if (session.user) {
      return page(response, 200, `<p id="status">已登录：${escapeHtml(session.user.username)}</p><a id="logout" href="/logout">退出登录</a>`);
    }
    const note = session.endedByPortal ? '<p id="note">已在统一登录平台退出</p>' : '';
    page(response, 200, `<p id="status">未登录</p>${note}<a id="login" href="/login">登录</a>`);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'GET /':
        return home(request, response);
      case 'GET /login':
        return startLogin(request, response, '/');
      case 'GET /initiate-login': {
        const iss = url.searchParams.get('iss');
        const target = url.searchParams.get('target_link_uri');
        rp.initiatedLogins.push({ iss, target });
        // Only the one issuer this app trusts may start its sign-in (Core 4: the RP checks iss).
        if (iss !== (await config()).serverMetadata().issuer) return page(response, 400, '<p id="status">未知的登录发起方</p>');
        return startLogin(request, response, ownTarget(target));
      }
      case 'GET /callback':
        return callback(request, response, url);
      case 'GET /logout':
        return logout(request, response);
      case 'POST /backchannel-logout':
        return backchannelLogout(request, response);
      case 'GET /refresh':
        return refresh(request, response);
      default:
        return page(response, 404, '<p id="status">页面不存在</p>');
    }
  }

  return rp;
}

/**
 * Polls the portal's authorization endpoint until it stops refusing each app as an unknown client:
 * a running portal reloads its clients every two seconds (server/catalog/app-registry.ts), so a
 * client just added with the admin CLI is known a moment later, not at once.
 */
export async function untilClientsKnown(issuer: string, apps: { clientId: string; redirectUri: string }[], timeoutMs = 15_000): Promise<void> {
  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json() as { authorization_endpoint: string };
  const deadline = Date.now() + timeoutMs;
  for (const app of apps) {
    const probe = new URL(discovery.authorization_endpoint);
    probe.search = new URLSearchParams({ client_id: app.clientId, response_type: 'code', scope: 'openid', redirect_uri: app.redirectUri }).toString();
    // An unknown client is answered on the provider's own error page (4xx); a known one is sent on.
    for (;;) {
      const { status } = await fetch(probe, { redirect: 'manual' });
      if (status < 400 || status >= 500) break;
      if (Date.now() > deadline) assert.fail(`the portal did not load client ${app.clientId} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// Single logout: portal sign-out (退出登录), RP-initiated logout with and without id_token_hint,
// session expiry and an administrator's password reset each end the provider session and send a
// verified back-channel logout token to every app the session signed into; failures are retried.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { Clock, DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from './oidc-fixture.ts';
import { startReceiver, type Receiver } from './logout-receiver.ts';
import { untilSweptOnceMore } from './sweep-passes.ts';

const POST_LOGOUT = 'http://127.0.0.1:9/signed-out';
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';

for (const backend of testBackends()) describe(`OpenID Connect single logout (${backend.name})`, () => {
  let s: OidcServer;
  let clock: Clock;
  let receiverA: Receiver;
  let receiverB: Receiver;
  let secretA: string;
  let secretB: string;
  before(async () => {
    clock = new Clock();
    s = await startOidcServer({ ...backend.overrides, oidcLogoutSweepMs: 200, sessionIdleMs: 60_000 }, { now: clock.now });
    receiverA = await startReceiver(() => s.issuer);
    receiverB = await startReceiver(() => s.issuer);
    secretA = await s.addClient('app-a', { 'backchannel-logout-uri': receiverA.url, 'post-logout-redirect-uri': [POST_LOGOUT] });
    secretB = await s.addClient('app-b', { 'backchannel-logout-uri': receiverB.url });
  });
  after(async () => {
    await s.close();
    await receiverA.close();
    await receiverB.close();
  });

  /** Signs in and into both apps; answers both apps' tokens. */
  async function signedIntoBoth() {
    receiverA.tokens.length = 0;
    receiverB.tokens.length = 0;
    const rpA = await s.relyingParty('app-a', secretA);
    const rpB = await s.relyingParty('app-b', secretB);
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const a = await exchange(rpA, await codeFlow(rpA, browser));
    // App B: no prompt, the same session.
    const b = await exchange(rpB, await codeFlow(rpB, browser));
    assert.ok(a.claims()!.sid, 'the ID token names the session (sid) for back-channel logout');
    return { browser, rpA, rpB, a, b };
  }

  async function bothLoggedOut(a: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, b: typeof a) {
    await waitUntil(() => receiverA.tokens.length === 1 && receiverB.tokens.length === 1, {
      timeoutMs: 5000, failure: () => `logout tokens: A ${receiverA.tokens.length}, B ${receiverB.tokens.length}`,
    });
    for (const [token, tokens, clientId] of [[receiverA.tokens[0]!, a, 'app-a'], [receiverB.tokens[0]!, b, 'app-b']] as const) {
      assert.equal(token.iss, s.issuer);
      assert.equal(token.aud, clientId);
      assert.equal(token.sub, tokens.claims()!.sub);
      assert.equal(token.sid, tokens.claims()!.sid, 'sid of the ID token');
      assert.deepEqual(token.events, { [EVENT]: {} });
      assert.equal(token.nonce, undefined);
      assert.ok(token.jti);
    }
  }

  test('portal sign-out (退出登录) logs out of both apps and revokes their tokens', async () => {
    const { browser, rpA, a, b } = await signedIntoBoth();
    assert.equal(await browser.signOut(), 200);
    await bothLoggedOut(a, b);
    assert.equal((await oidc.tokenIntrospection(rpA, a.refresh_token!)).active, false);
  });

  test('RP-initiated logout with id_token_hint ends everything at once and returns with state', async () => {
    const { browser, a, b, rpA } = await signedIntoBoth();
    const url = oidc.buildEndSessionUrl(rpA, { id_token_hint: a.id_token!, post_logout_redirect_uri: POST_LOGOUT, state: 'st-1' });
    const response = await browser.fetch(url.href);
    assert.equal(response.status, 303);
    const location = new URL(response.headers.get('location')!);
    assert.equal(`${location.origin}${location.pathname}`, POST_LOGOUT);
    assert.equal(location.searchParams.get('state'), 'st-1');
    await bothLoggedOut(a, b);
    const isLogin = (await (await browser.fetch('/api/centerAuth/sso/isLogin')).json()) as { data: boolean };
    assert.equal(isLogin.data, false, 'the portal session ended too');
    const silent = await codeFlow(rpA, browser, { prompt: 'none' });
    assert.equal(silent.callback.searchParams.get('error'), 'login_required');
  });

  // Two tabs of one browser sign out at once: each request ends the same portal session and the
  // same provider session (and the sweep may find it too), yet each app hears of it once.
  test('two RP-initiated logouts at once send one logout token per app', async () => {
    const { browser, a, b, rpA, rpB } = await signedIntoBoth();
    const urls = [
      oidc.buildEndSessionUrl(rpA, { id_token_hint: a.id_token!, post_logout_redirect_uri: POST_LOGOUT }),
      oidc.buildEndSessionUrl(rpB, { id_token_hint: b.id_token! }),
      oidc.buildEndSessionUrl(rpA, { id_token_hint: a.id_token!, post_logout_redirect_uri: POST_LOGOUT }),
    ];
    const responses = await Promise.all(urls.map((url) => browser.fetch(url.href)));
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    await bothLoggedOut(a, b);
    // No second token comes: the sweep, the one other sender, has looked at everything once more,
    // and each request's deliveries started before its answer above, a whole pass (200 ms) ago.
    await untilSweptOnceMore(s.server);
    assert.deepEqual([receiverA.tokens.length, receiverB.tokens.length], [1, 1], 'one logout token per app');
  });

  test('RP-initiated logout without a hint asks in Chinese, with no script, and an unregistered post-logout URI is refused', async () => {
    const { browser, rpA, a, b } = await signedIntoBoth();
    const response = await browser.fetch(`${s.issuer}/oidc/session/end`);
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /是否退出统一登录/);
    assert.ok(!/<script/i.test(page));
    const bad = oidc.buildEndSessionUrl(rpA, { id_token_hint: a.id_token!, post_logout_redirect_uri: 'http://evil.example/' });
    const refused = await browser.fetch(bad.href);
    assert.equal(refused.status, 400);
    assert.equal(refused.headers.get('location'), null);
    await browser.signOut();
    await bothLoggedOut(a, b);
  });

  /** The confirmation page's form: where it posts and its xsrf field. */
  async function confirmationForm(browser: ReturnType<OidcServer['browser']>) {
    const page = await (await browser.fetch(`${s.issuer}/oidc/session/end`)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    assert.ok(action && xsrf, page);
    return { action, xsrf };
  }

  const submit = (browser: ReturnType<OidcServer['browser']>, action: string, fields: Record<string, string>) => browser.fetch(action, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(),
  });

  async function tokensActive(rp: oidc.Configuration, ...tokens: string[]): Promise<boolean[]> {
    return Promise.all(tokens.map(async (token) => (await oidc.tokenIntrospection(rp, token)).active));
  }

  test('RP-initiated logout without a hint: 退出登录 on the confirmation page ends everything, as the portal sign-out does', async () => {
    const { browser, rpA, rpB, a, b } = await signedIntoBoth();
    const { action, xsrf } = await confirmationForm(browser);
    const response = await submit(browser, action, { xsrf, logout: 'yes' });
    assert.equal(response.status, 303);
    await response.arrayBuffer();
    await bothLoggedOut(a, b);
    const isLogin = (await (await browser.fetch('/api/centerAuth/sso/isLogin')).json()) as { data: boolean };
    assert.equal(isLogin.data, false, 'the portal session ended too');
    // Each app introspects its own tokens (another client's token is inactive to it anyway).
    assert.deepEqual([...await tokensActive(rpA, a.access_token, a.refresh_token!), ...await tokensActive(rpB, b.access_token, b.refresh_token!)], [false, false, false, false]);
    const silent = await codeFlow(rpA, browser, { prompt: 'none' });
    assert.equal(silent.callback.searchParams.get('error'), 'login_required');
    assert.deepEqual([receiverA.tokens.length, receiverB.tokens.length], [1, 1], 'one logout token per app');
  });

  test('RP-initiated logout without a hint: 保持登录 changes nothing', async () => {
    const { browser, rpA, rpB, a, b } = await signedIntoBoth();
    const { action, xsrf } = await confirmationForm(browser);
    const response = await submit(browser, action, { xsrf });
    assert.equal(response.status, 303);
    await response.arrayBuffer();
    const isLogin = (await (await browser.fetch('/api/centerAuth/sso/isLogin')).json()) as { data: boolean };
    assert.equal(isLogin.data, true);
    assert.deepEqual([...await tokensActive(rpA, a.access_token, a.refresh_token!), ...await tokensActive(rpB, b.access_token, b.refresh_token!)], [true, true, true, true]);
    const silent = await codeFlow(rpA, browser, { prompt: 'none' });
    assert.ok(silent.callback.searchParams.get('code'), silent.callback.href);
    assert.deepEqual([receiverA.tokens.length, receiverB.tokens.length], [0, 0]);
    await browser.signOut();
    await bothLoggedOut(a, b);
  });

  test('a failed delivery is retried', async () => {
    const { browser, a, b } = await signedIntoBoth();
    const before = receiverB.attempts;
    receiverB.failNext(1);
    await browser.signOut();
    await waitUntil(() => receiverB.tokens.length === 1, { timeoutMs: 5000, everyMs: 50, failure: () => `B attempts ${receiverB.attempts - before}` });
    assert.equal(receiverB.attempts - before, 2);
    await bothLoggedOut(a, b);
  });

  test('an expired portal session logs out of the apps', async () => {
    const { a, b } = await signedIntoBoth();
    clock.advance(61_000);
    await bothLoggedOut(a, b);
  });

  // The CLI composes the same storage mode as the server (admin-context.ts): with Redis it ends the
  // sessions kept there.
  test('an administrator\'s password reset (another process) logs out of the apps', async () => {
    const { a, b } = await signedIntoBoth();
    await adminCli(s.server.config, ['reset-password', 'zhangwei'], {}, `${DEMO.zhangwei}\n`);
    await bothLoggedOut(a, b);
  });
});


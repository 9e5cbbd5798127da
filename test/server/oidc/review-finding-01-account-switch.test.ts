// Review of the OpenID Connect provider, finding 1 (medium): when a second account signed in over a
// browser's provider session (an authorize request with prompt=login and dealer01's password),
// zhangwei's provider session was replaced without single logout: his app got no logout token and
// his refresh token kept working. Now the first account's sign-ins end properly before the session
// is taken over (portal-session.ts); a prompt=login that nobody finishes ends them by the sweep;
// and a password change or SMS reset revokes every grant of the account, also those no portal
// session links to any more (user-routes.ts, password-reset-routes.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { PORTAL_LINK_MODEL } from '../../../server/oidc/portal-session.ts';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { authorizationUrl, codeFlow, exchange, REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';
import { startReceiver, type Receiver } from './logout-receiver.ts';
import { untilSweptOnceMore } from './sweep-passes.ts';
import type { Browser } from './browser.ts';
import { lastSmsCode } from '../../helpers/sms-outbox.ts';
import { nextWallClockSecond } from '../../helpers/wait-until.ts';

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';

for (const backend of testBackends()) describe(`review finding 1: grants orphaned by another sign-in (${backend.name})`, () => {
  let s: OidcServer;
  // Real time moved ahead by `ahead` ms: a prompt=login compares the portal sign-in (this clock)
  // with the authorization request's own time (real seconds).
  let ahead = 0;
  const now = () => Date.now() + ahead;
  let receiver: Receiver;
  let rp: oidc.Configuration;
  before(async () => {
    s = await startOidcServer({ ...backend.overrides, oidcLogoutSweepMs: 200, sessionIdleMs: 3 * 3600_000 }, { now });
    receiver = await startReceiver(() => s.issuer);
    rp = await s.relyingParty('app-x', await s.addClient('app-x', { 'backchannel-logout-uri': receiver.url }));
  });
  after(async () => {
    await s?.close();
    await receiver?.close();
  });

  /** `name` signs in to the portal and into app X; answers the browser and X's tokens. */
  async function signedIntoX(name: 'zhangwei' | 'dealer01', password: string) {
    receiver.tokens.length = 0;
    const browser = s.browser();
    assert.equal((await browser.signIn(name, password)).body.code, 200);
    return { browser, tokens: await exchange(rp, await codeFlow(rp, browser)) };
  }

  /** Signs out and waits for the one logout token that follows, so none arrives in the next test. */
  async function signOut(browser: Browser) {
    receiver.tokens.length = 0;
    await browser.signOut();
    await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}` });
  }

  const refreshWorks = (refreshToken: string) => oidc.refreshTokenGrant(rp, refreshToken).then(() => true, (error: oidc.ResponseBodyError) => {
    assert.equal(error.error, 'invalid_grant');
    return false;
  });

  /** An authorize request with prompt=login: the browser lands on the portal's login page. */
  async function promptLogin(browser: Browser) {
    // The request must begin after the sign-in, in seconds (an interaction's iat).
    await nextWallClockSecond();
    const start = await authorizationUrl(rp, { prompt: 'login' });
    const { url, response } = await browser.follow(start.url.href, REDIRECT_URI);
    await response?.arrayBuffer();
    const callBack = url.searchParams.get('callBack');
    assert.match(callBack ?? '', /^\/oidc\/interaction\//, url.href);
    return { start, callBack: callBack! };
  }

  test('prompt=login with another account\'s password: the first account\'s app is logged out and its refresh token revoked', async () => {
    const { browser, tokens } = await signedIntoX('zhangwei', DEMO.zhangwei);
    const { start, callBack } = await promptLogin(browser);
    assert.equal((await browser.signIn('dealer01', DEMO.dealer01)).body.code, 200);
    const { url } = await browser.follow(callBack, REDIRECT_URI);
    const dealer = await oidc.authorizationCodeGrant(rp, url, { pkceCodeVerifier: start.verifier, expectedState: start.state, expectedNonce: start.nonce });
    assert.notEqual(dealer.claims()!.sub, tokens.claims()!.sub, 'the app now has dealer01');

    await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}` });
    assert.equal(receiver.tokens[0]!.sub, tokens.claims()!.sub, 'zhangwei\'s sign-in to X is logged out');
    assert.equal(receiver.tokens[0]!.sid, tokens.claims()!.sid);
    assert.deepEqual(receiver.tokens[0]!.events, { [EVENT]: {} });
    assert.equal(await refreshWorks(tokens.refresh_token!), false, 'zhangwei\'s refresh token is revoked');
    assert.equal(await refreshWorks(dealer.refresh_token!), true, 'dealer01\'s works');
    await signOut(browser);
  });

  test('prompt=login answered by the same account keeps its apps', async () => {
    const { browser, tokens } = await signedIntoX('zhangwei', DEMO.zhangwei);
    const { callBack } = await promptLogin(browser);
    assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    const { url } = await browser.follow(callBack, REDIRECT_URI);
    assert.ok(url.searchParams.get('code'), url.href);
    const refreshed = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    assert.ok(refreshed.access_token);
    assert.equal(receiver.tokens.length, 0);
    // Much later the sweep has nothing to end: the session is bound again. (Had it ended it, the
    // grant would be revoked before the pass ends, and the refresh below would fail.)
    ahead += 31 * 60_000;
    await untilSweptOnceMore(s.server);
    assert.equal(receiver.tokens.length, 0);
    assert.equal(await refreshWorks(refreshed.refresh_token!), true);
    ahead -= 31 * 60_000;
    await signOut(browser);
  });

  test('prompt=login that nobody finishes: after the interaction\'s 30 minutes the sweep logs the app out', async () => {
    const { browser, tokens } = await signedIntoX('zhangwei', DEMO.zhangwei);
    await promptLogin(browser);
    // A whole sweep pass leaves it alone (had it ended it, the grant would be revoked before the
    // pass ends, and the refresh would fail).
    await untilSweptOnceMore(s.server);
    assert.equal(receiver.tokens.length, 0, 'not while the login page may still be finished');
    const refreshed = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    ahead += 31 * 60_000;
    await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}` });
    assert.equal(receiver.tokens[0]!.sub, tokens.claims()!.sub);
    assert.equal(await refreshWorks(refreshed.refresh_token!), false);
  });

  /** Every portal-session link gone, as after a prompt=login elsewhere or a store that lost them. */
  const forgetLinks = () => withAdminContext(s.server.config, async (ctx) => {
    for (const { id } of await ctx.storage.oidcRecords.list(PORTAL_LINK_MODEL)) await ctx.storage.oidcRecords.destroy(PORTAL_LINK_MODEL, id);
  });

  async function call(browser: Browser, method: 'GET' | 'POST', path: string, json?: unknown) {
    const response = await browser.fetch(path, {
      method,
      headers: { 'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '', ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    return (await response.json()) as { code: number | string; msg: string };
  }

  async function encrypt(browser: Browser, plain: string): Promise<string> {
    const key = ((await (await browser.fetch('/api/centerAuth/commonConfig/getPublicKeySm2')).json()) as { data: string }).data;
    return sm2Password(plain, key);
  }

  test('a password change revokes every grant of the account, also one no session links to', async () => {
    const { tokens } = await signedIntoX('dealer01', DEMO.dealer01);
    await forgetLinks();
    const other = s.browser();
    await other.signIn('dealer01', DEMO.dealer01);
    const newPassword = 'Tq7#mWz!r4Lp';
    const answer = await call(other, 'POST', '/api/centerAuth/user/changePassword', {
      userName: 'dealer01', oldPassword: await encrypt(other, DEMO.dealer01), newPassword: await encrypt(other, newPassword), confirmPassword: await encrypt(other, newPassword),
    });
    assert.equal(answer.code, 200, answer.msg);
    assert.equal(await refreshWorks(tokens.refresh_token!), false);
  });

  test('an SMS password reset revokes every grant of the account, also one no session links to', async () => {
    const { tokens } = await signedIntoX('zhangwei', DEMO.zhangwei);
    await forgetLinks();
    const stranger = s.browser();
    await (await stranger.fetch('/api/centerAuth/sso/isLogin')).arrayBuffer();
    const phone = '13800000002';
    assert.equal((await call(stranger, 'GET', `/api/centerAuth/msg/resetPassword/send?phone=${phone}`)).code, 200);
    const code = lastSmsCode(s.server.config.smsOutboxPath, phone)!;
    const newPassword = 'Vb8$kPx!n3Qe';
    const answer = await call(stranger, 'POST', '/api/centerAuth/user/resetPassword', {
      phone, code, newPassword: await encrypt(stranger, newPassword), confirmPassword: await encrypt(stranger, newPassword),
    });
    assert.equal(answer.code, 200, answer.msg);
    assert.equal(await refreshWorks(tokens.refresh_token!), false);
  });
});

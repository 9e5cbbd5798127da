// Review of the OpenID Connect provider, finding 10 (what an operator of Keycloak expects):
// - an app's refresh counts as activity of the portal session it signed in from, within the
//   session's absolute lifetime (refresh-activity.ts): an app in use gets no back-channel logout
//   after the portal's idle timeout;
// - offline_access is not advertised (client-scopes.ts: not implemented) and never granted;
// - each client has the scopes it may ask for (add-client --scope, the import's `scopes`, default
//   openid profile phone groups); a request for another of the portal's scopes is refused with
//   invalid_scope, signed in or not; a scope the portal does not know is ignored (OpenID Connect
//   Core 3.1.2.1), never granted.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { Clock, DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { authorizationUrl, codeFlow, exchange, REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';
import { startReceiver, type Receiver } from './logout-receiver.ts';
import { untilSweptOnceMore } from './sweep-passes.ts';

const SECOND = 1000;

for (const backend of testBackends()) describe(`review finding 10: refresh activity, offline_access, client scopes (${backend.name})`, () => {
  let s: OidcServer;
  let clock: Clock;
  let receiver: Receiver;
  let rp: oidc.Configuration;
  before(async () => {
    clock = new Clock();
    s = await startOidcServer({ ...backend.overrides, sessionIdleMs: 60 * SECOND, sessionAbsoluteMs: 150 * SECOND, oidcLogoutSweepMs: 200 }, { now: clock.now });
    receiver = await startReceiver(() => s.issuer);
    rp = await s.relyingParty('busy-app', await s.addClient('busy-app', { 'backchannel-logout-uri': receiver.url }));
  });
  after(async () => {
    await s?.close();
    await receiver?.close();
  });

  test('an app\'s refreshes keep the portal session from its idle timeout, not past its absolute lifetime', async () => {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers = await exchange(rp, await codeFlow(rp, browser));
    // 80 s after the last portal click (idle timeout 60 s), 40 s after the app's refresh.
    clock.advance(40 * SECOND);
    tokens = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    clock.advance(40 * SECOND);
    // A whole sweep pass leaves the session alone (had it ended it, the grant would be revoked
    // before the pass ends, and the next refresh would fail).
    await untilSweptOnceMore(s.server);
    assert.equal(receiver.tokens.length, 0, 'no back-channel logout while the app is in use');
    // Refreshed before the clock moves on, so the sweep (every 200 ms) never sees more than 40 s
    // of idleness: refreshing only after a further 40 s raced it (once lost under CI load).
    tokens = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    clock.advance(40 * SECOND);
    tokens = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    // 160 s after the sign-in: past the absolute lifetime (150 s), refreshes or not.
    clock.advance(40 * SECOND);
    await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}` });
    const isLogin = await browser.fetch('/api/centerAuth/sso/isLogin');
    assert.ok(isLogin.status === 424 || ((await isLogin.json()) as { data: boolean }).data === false, 'the portal session ended');
  });

  test('offline_access is not advertised, and asking for it grants nothing more', async () => {
    const discovery = (await (await fetch(`${s.issuer}/.well-known/openid-configuration`)).json()) as { scopes_supported: string[] };
    assert.deepEqual(discovery.scopes_supported.sort(), ['groups', 'openid', 'phone', 'profile']);
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    assert.equal((await exchange(rp, await codeFlow(rp, browser, { scope: 'openid offline_access' }))).scope, 'openid');
    await browser.signOut();
  });

  test('a client asks only for its scopes: others are refused with invalid_scope, signed in or not', async () => {
    const secret = await s.addClient('narrow-app', { scope: ['openid', 'profile'] });
    assert.match(await s.admin('list-clients', []), /narrow-app[^]*?scopes: openid profile$/m);
    assert.match(await s.admin('list-clients', []), /busy-app[^]*?scopes: openid profile phone groups/);
    const narrow = await s.relyingParty('narrow-app', secret);

    // Signed out: a known scope outside the list is refused before any sign-in.
    const signedOut = s.browser();
    const { url } = await signedOut.follow((await authorizationUrl(narrow, { scope: 'openid profile phone' })).url.href, REDIRECT_URI);
    assert.equal(url.searchParams.get('error'), 'invalid_scope', url.href);

    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    for (const scope of ['openid profile groups', 'openid phone']) {
      const { callback } = await codeFlow(narrow, browser, { scope });
      assert.equal(callback.searchParams.get('error'), 'invalid_scope', `${scope}: ${callback.href}`);
    }
    // Scopes the portal does not know are ignored, never granted.
    assert.equal((await exchange(narrow, await codeFlow(narrow, browser, { scope: 'openid email' }))).scope, 'openid');
    const allowed = await exchange(narrow, await codeFlow(narrow, browser, { scope: 'openid profile' }));
    assert.equal(allowed.scope, 'openid profile');
    const user = await oidc.fetchUserInfo(narrow, allowed.access_token, allowed.claims()!.sub);
    assert.equal(user.preferred_username, 'zhangwei');
    assert.equal(user.groups, undefined);
    await assert.rejects(s.addClient('bad-scope', { scope: ['openid', 'offline_access'] }), /--scope: unknown scope offline_access/);
  });
});

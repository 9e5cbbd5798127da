// Who may use which app: a client registered with --group serves only members of those groups
// (others get access_denied at the redirect URI, as openid-client sees it); memberships come from
// the demo data and the grant / revoke commands; the groups claim lists them. Public clients must
// use PKCE; client changes reach the running server within five seconds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { DEMO } from '../../helpers/test-app.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
import { authorizationUrl, codeFlow, exchange, REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';

describe('OpenID Connect access per group', () => {
  let s: OidcServer;
  before(async () => {
    s = await startOidcServer();
  });
  after(() => s.close());

  test('a staff-only client refuses the dealer with access_denied and serves zhangwei; groups claim lists his groups', async () => {
    const secret = await s.addClient('staff-app', { group: ['default'] });
    const rp = await s.relyingParty('staff-app', secret);

    const dealer = s.browser();
    await dealer.signIn('dealer01', DEMO.dealer01);
    const refused = await codeFlow(rp, dealer);
    assert.equal(refused.callback.searchParams.get('error'), 'access_denied', refused.callback.href);
    assert.equal(refused.callback.searchParams.get('state'), refused.start.state);
    await assert.rejects(oidc.authorizationCodeGrant(rp, refused.callback, { pkceCodeVerifier: refused.start.verifier, expectedState: refused.start.state }),
      (error: { error?: string }) => error.error === 'access_denied');
    // prompt=none answers the same, not login_required.
    const silent = await codeFlow(rp, dealer, { prompt: 'none' });
    assert.equal(silent.callback.searchParams.get('error'), 'access_denied');

    const staff = s.browser();
    await staff.signIn('zhangwei', DEMO.zhangwei);
    const tokens = await exchange(rp, await codeFlow(rp, staff));
    const info = await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
    assert.deepEqual(info.groups, ['default', 'exeed', 'icar', 'ka', 'operation', 'yingfeng']);
  });

  test('grant lets the dealer in, revoke shuts him out again', async () => {
    const secret = await s.addClient('ka-app', { group: ['ka'] });
    const rp = await s.relyingParty('ka-app', secret);
    const dealer = s.browser();
    await dealer.signIn('dealer01', DEMO.dealer01);
    assert.equal((await codeFlow(rp, dealer)).callback.searchParams.get('error'), 'access_denied');
    assert.equal(await s.admin('grant', ['dealer01', 'ka']), 'dealer01 is a member of ka');
    const tokens = await exchange(rp, await codeFlow(rp, dealer));
    const info = await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
    assert.deepEqual(info.groups, ['icar', 'ka']);
    await s.admin('revoke', ['dealer01', 'ka']);
    assert.equal((await codeFlow(rp, dealer)).callback.searchParams.get('error'), 'access_denied');
  });

  test('a client without --group serves every signed-in account', async () => {
    const secret = await s.addClient('open-app');
    const rp = await s.relyingParty('open-app', secret);
    const dealer = s.browser();
    await dealer.signIn('dealer01', DEMO.dealer01);
    assert.ok((await exchange(rp, await codeFlow(rp, dealer))).access_token);
  });

  test('a public client gets tokens only with PKCE, and never authenticates with a secret', async () => {
    await s.admin('add-client', ['spa'], { 'redirect-uri': [REDIRECT_URI], public: true });
    const rp = await s.relyingParty('spa', null);
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const start = await authorizationUrl(rp);
    start.url.searchParams.delete('code_challenge');
    start.url.searchParams.delete('code_challenge_method');
    const { url } = await browser.follow(start.url.href, REDIRECT_URI);
    assert.equal(url.searchParams.get('error'), 'invalid_request', url.href);
    assert.match(url.searchParams.get('error_description') ?? '', /PKCE/);
    assert.ok((await exchange(rp, await codeFlow(rp, browser))).access_token);
  });

  test('list-clients shows no secret; remove-client takes effect on the running server within 5 s', async () => {
    const secret = await s.addClient('short-lived', { name: '临时应用' });
    const listed = await s.admin('list-clients', []);
    assert.match(listed, /short-lived \(临时应用\): confidential/);
    assert.ok(!listed.includes(secret));
    const rp = await s.relyingParty('short-lived', secret);
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const flow = await codeFlow(rp, browser);
    assert.ok(flow.callback.searchParams.get('code'));
    assert.equal(await s.admin('remove-client', ['short-lived']), 'client short-lived removed');
    let status = 0;
    await waitUntilAsync(async () => {
      const start = await authorizationUrl(rp);
      const response = await browser.fetch(start.url.href);
      status = response.status;
      await response.arrayBuffer();
      return status === 400;
    }, { timeoutMs: 5000, everyMs: 50, failure: () => `the removed client is still served 5 s later (status ${status})` });
  });

  test('bad admin input is refused with a clear message', async () => {
    await assert.rejects(s.admin('add-client', ['x'], { 'redirect-uri': ['not a url'] }), /--redirect-uri: not an absolute URL/);
    await assert.rejects(s.admin('add-client', ['x'], { 'redirect-uri': [REDIRECT_URI], secret: 'short' }), /at least 24/);
    await assert.rejects(s.admin('add-client', ['x'], { 'redirect-uri': [REDIRECT_URI], group: ['nope'] }), /no group nope/);
    await assert.rejects(s.admin('add-client', ['x'], {}), /at least one --redirect-uri/);
  });
});

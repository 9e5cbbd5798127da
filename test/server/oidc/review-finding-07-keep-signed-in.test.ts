// Review of the OpenID Connect provider, finding 7: 保持登录 on the logout confirmation of a request
// that named its app (client_id, no id_token_hint) signed that app out (oidc-provider sends it a
// logout token and drops its sign-in) but left its grant alive: its refresh token kept working.
// Now its grant is revoked too; the portal session and the other apps stay (confirmed-logout.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from './oidc-fixture.ts';
import { startReceiver, type Receiver } from './logout-receiver.ts';

for (const backend of testBackends()) describe(`review finding 7: 保持登录 on the logout confirmation (${backend.name})`, () => {
  let s: OidcServer;
  let receiverA: Receiver;
  let receiverB: Receiver;
  let rpA: oidc.Configuration;
  let rpB: oidc.Configuration;
  before(async () => {
    s = await startOidcServer(backend.overrides);
    receiverA = await startReceiver(() => s.issuer);
    receiverB = await startReceiver(() => s.issuer);
    rpA = await s.relyingParty('keep-a', await s.addClient('keep-a', { 'backchannel-logout-uri': receiverA.url }));
    rpB = await s.relyingParty('keep-b', await s.addClient('keep-b', { 'backchannel-logout-uri': receiverB.url }));
  });
  after(async () => {
    await s?.close();
    await receiverA?.close();
    await receiverB?.close();
  });

  test('保持登录 on app A\'s logout request signs out of A and revokes A\'s grant; B and the portal stay', async () => {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const a = await exchange(rpA, await codeFlow(rpA, browser));
    const b = await exchange(rpB, await codeFlow(rpB, browser));

    const page = await (await browser.fetch(`${s.issuer}/oidc/session/end?client_id=keep-a`)).text();
    assert.match(page, /是否退出统一登录/);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const kept = await browser.fetch(action, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ xsrf }).toString(),
    });
    assert.equal(kept.status, 303);
    await kept.arrayBuffer();

    await waitUntil(() => receiverA.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens to A: ${receiverA.tokens.length}` });
    assert.deepEqual(await oidc.tokenIntrospection(rpA, a.refresh_token!), { active: false }, 'A\'s refresh token is revoked');
    assert.deepEqual(await oidc.tokenIntrospection(rpA, a.access_token), { active: false }, 'A\'s access token too');
    await assert.rejects(oidc.refreshTokenGrant(rpA, a.refresh_token!), (error: oidc.ResponseBodyError) => error.error === 'invalid_grant');

    assert.equal((await oidc.tokenIntrospection(rpB, b.refresh_token!)).active, true, 'B keeps its sign-in');
    assert.equal(receiverB.tokens.length, 0);
    const isLogin = (await (await browser.fetch('/api/centerAuth/sso/isLogin')).json()) as { data: boolean };
    assert.equal(isLogin.data, true, 'the portal session stays');
  });
});

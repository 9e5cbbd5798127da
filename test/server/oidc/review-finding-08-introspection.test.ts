// Review of the OpenID Connect provider, finding 8: introspection answered `active: true` for a token
// whose subject is no known account, and any confidential client could introspect any other
// client's token (and so learn its subject, scopes and expiry). Both answer `active: false` now
// (features.introspection.allowedPolicy in server/oidc/provider.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { withAdminContext } from '../../../server/admin-context.ts';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from './oidc-fixture.ts';

for (const backend of testBackends()) describe(`review finding 8: introspection (${backend.name})`, () => {
  let s: OidcServer;
  let rpA: oidc.Configuration;
  let rpB: oidc.Configuration;
  before(async () => {
    s = await startOidcServer(backend.overrides);
    rpA = await s.relyingParty('intro-a', await s.addClient('intro-a'));
    rpB = await s.relyingParty('intro-b', await s.addClient('intro-b'));
  });
  after(() => s?.close());

  async function signedIntoA() {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    return exchange(rpA, await codeFlow(rpA, browser));
  }

  test('another client\'s token is inactive to a confidential client; the owner still sees it', async () => {
    const tokens = await signedIntoA();
    for (const token of [tokens.access_token, tokens.refresh_token!]) {
      assert.deepEqual(await oidc.tokenIntrospection(rpB, token), { active: false });
      const own = await oidc.tokenIntrospection(rpA, token);
      assert.equal(own.active, true);
      assert.equal(own.client_id, 'intro-a');
    }
  });

  test('a token whose subject is no known account is inactive', async () => {
    const tokens = await signedIntoA();
    // The account is gone (its subject unknown): rewrite the stored grant's and tokens' subject,
    // as an account that no longer exists leaves them behind.
    await withAdminContext(s.server.config, async (ctx) => {
      const records = ctx.storage.oidcRecords;
      const access = await records.find('AccessToken', tokens.access_token);
      assert.ok(access, 'the access token stored under its value');
      const grantId = String(access.grantId);
      for (const [model, id] of [['Grant', grantId], ['AccessToken', tokens.access_token], ['RefreshToken', tokens.refresh_token!]] as const) {
        const stored = await records.find(model, id);
        assert.ok(stored, `${model} stored`);
        await records.upsert(model, id, { ...stored, accountId: 'no-such-subject-0000' }, Date.now() + 600_000, model === 'Grant' ? {} : { grantId });
      }
    });
    assert.deepEqual(await oidc.tokenIntrospection(rpA, tokens.access_token), { active: false });
    assert.deepEqual(await oidc.tokenIntrospection(rpA, tokens.refresh_token!), { active: false });
  });
});

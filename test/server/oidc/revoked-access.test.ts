// Access per group holds after the sign-in too: when a member leaves the client's group (revoke,
// run as another process would), the tokens he already holds stop working at their next use:
// refresh answers invalid_grant, userinfo 401 invalid_token, introspection inactive.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from './oidc-fixture.ts';

for (const backend of testBackends()) describe(`OpenID Connect access after a revoked membership (${backend.name})`, () => {
  let s: OidcServer;
  before(async () => {
    s = await startOidcServer(backend.overrides);
  });
  after(async () => {
    // Leave the shared database's demo memberships as they were.
    await s.admin('revoke', ['dealer01', 'ka']).catch(() => {});
    await s.close();
  });

  test('a revoked member\'s refresh token, access token and introspection stop working', async () => {
    const secret = await s.addClient('ka-only', { group: ['ka'] });
    const rp = await s.relyingParty('ka-only', secret);
    await s.admin('grant', ['dealer01', 'ka']);
    const dealer = s.browser();
    await dealer.signIn('dealer01', DEMO.dealer01);
    const first = await exchange(rp, await codeFlow(rp, dealer));
    const sub = first.claims()!.sub;
    // While a member: everything works (and the refresh rotates).
    const refreshed = await oidc.refreshTokenGrant(rp, first.refresh_token!);
    assert.equal((await oidc.fetchUserInfo(rp, refreshed.access_token, sub)).sub, sub);
    assert.equal((await oidc.tokenIntrospection(rp, refreshed.refresh_token!)).active, true);

    await s.admin('revoke', ['dealer01', 'ka']);

    await assert.rejects(oidc.refreshTokenGrant(rp, refreshed.refresh_token!), (error: { error?: string }) => error.error === 'invalid_grant');
    const userinfo = await fetch(`${s.issuer}/oidc/me`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    assert.equal(userinfo.status, 401);
    assert.match(userinfo.headers.get('www-authenticate') ?? '', /invalid_token/);
    assert.equal((await oidc.tokenIntrospection(rp, refreshed.access_token)).active, false);
    assert.equal((await oidc.tokenIntrospection(rp, refreshed.refresh_token!)).active, false);
  });

  // The provider reads the account at every use of a token (accounts.ts, one statement: no copy).
  // Only the account row changes here, as another process writing it would: no grant is revoked
  // (the console's 停用 also revokes them), so what refuses is that read alone.
  test('an account disabled in the database is refused by userinfo, refresh and introspection at once, and served again when enabled', async () => {
    // An account of its own: the demo accounts are shared with the other test files on PostgreSQL.
    const username = `oidc-disable-${Date.now().toString(36)}`;
    const password = 'Sso@2026disable';
    const userId = await withAdminContext(s.server.config, async (ctx) => (await ctx.stores.users.insertUser({
      username, phone: null, passwordHash: await hashPassword(password), passwordChangedAt: Date.now(), mustChangePassword: false, kind: 'staff',
    })).id);
    const secret = await s.addClient('disable-check');
    const rp = await s.relyingParty('disable-check', secret);
    const browser = s.browser();
    await browser.signIn(username, password);
    const tokens = await exchange(rp, await codeFlow(rp, browser));
    const sub = tokens.claims()!.sub;
    assert.equal((await oidc.fetchUserInfo(rp, tokens.access_token, sub)).sub, sub);
    const setDisabled = (disabled: boolean) => withAdminContext(s.server.config, (ctx) => ctx.stores.users.setDisabled(userId, disabled));
    await setDisabled(true);
    try {
      const userinfo = await fetch(`${s.issuer}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      assert.equal(userinfo.status, 401);
      assert.match(userinfo.headers.get('www-authenticate') ?? '', /invalid_token/);
      assert.equal((await oidc.tokenIntrospection(rp, tokens.access_token)).active, false);
      await assert.rejects(oidc.refreshTokenGrant(rp, tokens.refresh_token!), (error: { error?: string }) => error.error === 'invalid_grant');
    } finally {
      await setDisabled(false);
    }
    // Enabled again: the same access token works (nothing was revoked, nothing was cached).
    assert.equal((await oidc.fetchUserInfo(rp, tokens.access_token, sub)).sub, sub);
  });

  test('a client without --group keeps serving the same account', async () => {
    const secret = await s.addClient('open-to-all');
    const rp = await s.relyingParty('open-to-all', secret);
    const dealer = s.browser();
    await dealer.signIn('dealer01', DEMO.dealer01);
    const tokens = await exchange(rp, await codeFlow(rp, dealer));
    assert.ok((await oidc.refreshTokenGrant(rp, tokens.refresh_token!)).access_token);
    assert.equal((await oidc.tokenIntrospection(rp, tokens.access_token)).active, true);
  });
});

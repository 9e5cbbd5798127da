// Access per group holds after the sign-in too: when a member leaves the client's group (revoke,
// run as another process would), the tokens he already holds stop working at their next use:
// refresh answers invalid_grant, userinfo 401 invalid_token, introspection inactive.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { rotateClientSecret, setClientDisabled } from '../../../server/oidc/client-admin.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
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

  // The provider keeps one Client per registered client as the registry holds it (provider.ts,
  // issue 33): a change another process makes to the client (a new secret without grace, the
  // client disabled, then enabled) counts on the running server as soon as its registry reloads,
  // for the same tokens: no Client is kept past a change of its client.
  test('a rotated secret or a disabled client counts at the next token request, and an enabled one serves again', async () => {
    const secret = await s.addClient('client-change');
    const rp = await s.relyingParty('client-change', secret);
    const dealer = s.browser();
    await dealer.signIn('dealer01', DEMO.dealer01);
    const tokens = await exchange(rp, await codeFlow(rp, dealer));
    const sub = tokens.claims()!.sub;
    let refresh = (await oidc.refreshTokenGrant(rp, tokens.refresh_token!)).refresh_token!;
    // What the token endpoints answer the client with `secret` now: introspection uses nothing up
    // (a served refresh would use the token up), a refused refresh neither.
    const post = (path: string, secretNow: string, form: Record<string, string>) => fetch(`${s.issuer}/oidc/${path}`, {
      method: 'POST', body: new URLSearchParams(form),
      headers: { authorization: `Basic ${Buffer.from(`client-change:${secretNow}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const accepted = async (secretNow: string) => (await post('token/introspection', secretNow, { token: refresh })).status === 200;
    const until = (secretNow: string, wanted: boolean, what: string) => waitUntilAsync(
      async () => (await accepted(secretNow)) === wanted, { timeoutMs: 10_000, everyMs: 100, failure: () => what },
    );
    const refused = async (secretNow: string) => {
      const answer = await post('token', secretNow, { grant_type: 'refresh_token', refresh_token: refresh });
      assert.equal(answer.status, 401);
      assert.equal(((await answer.json()) as { error: string }).error, 'invalid_client');
    };

    // A new secret with no grace period: once the server has reloaded its clients the old one is
    // refused (a refused request uses nothing up), the new one is served.
    const rotated = await withAdminContext(s.server.config, (ctx) => rotateClientSecret(ctx, 'client-change', 0));
    await until(secret, false, 'the old secret is still taken');
    await refused(secret);
    const renewed = await s.relyingParty('client-change', rotated.secret);
    refresh = (await oidc.refreshTokenGrant(renewed, refresh)).refresh_token!;

    // Disabled: its refresh tokens are refused; enabled again: served again.
    const disable = (disabled: boolean) => withAdminContext(s.server.config, (ctx) => setClientDisabled(ctx, 'client-change', disabled));
    await disable(true);
    try {
      await until(rotated.secret, false, 'the disabled client is still taken');
      await refused(rotated.secret);
    } finally {
      await disable(false);
    }
    await until(rotated.secret, true, 'the enabled client is still refused');
    const latest = await oidc.refreshTokenGrant(renewed, refresh);
    assert.equal((await oidc.fetchUserInfo(renewed, latest.access_token, sub)).sub, sub);
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

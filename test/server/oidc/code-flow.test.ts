// The code flow driven by openid-client, the real relying-party library, against a listening
// server: discovery, PKCE, both secret methods, claims, userinfo, introspection, revocation, and
// the errors the specifications name for wrong secrets, redirect URIs and replayed codes.
// Runs on every storage backend the suite has (SQLite; PostgreSQL; PostgreSQL + Redis).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { authorizationUrl, codeFlow, exchange, REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';

/** The OAuth error of a failed call: in the body, or in the WWW-Authenticate challenge of a 401. */
async function rejection(promise: Promise<unknown>): Promise<{ error?: string; status?: number }> {
  try {
    await promise;
  } catch (caught) {
    const error = caught as { error?: string; status?: number; cause?: { parameters?: { error?: string } }[] };
    return { error: error.error ?? error.cause?.[0]?.parameters?.error, status: error.status };
  }
  assert.fail('expected the call to fail');
}

for (const backend of testBackends()) {
  describe(`OpenID Connect code flow (${backend.name})`, () => {
    let s: OidcServer;
    let secret: string;
    before(async () => {
      s = await startOidcServer(backend.overrides);
      secret = await s.addClient('app-a', { name: 'A 应用' });
    });
    after(() => s.close());

    test('discovery names the issuer exactly and offers code + PKCE S256, both secret methods and none, no JWT client authentication', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const meta = rp.serverMetadata();
      assert.equal(meta.issuer, s.issuer);
      assert.deepEqual(meta.response_types_supported, ['code']);
      assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
      // Exactly the methods our clients can use: secrets are stored hashed (no client_secret_jwt)
      // and no client has a key (no private_key_jwt); public clients use none.
      const usable = ['client_secret_basic', 'client_secret_post', 'none'];
      assert.deepEqual(meta.token_endpoint_auth_methods_supported, usable);
      // (introspection and revocation accept the same methods: oidc-provider publishes one list.)
      assert.equal(meta.token_endpoint_auth_signing_alg_values_supported, undefined, 'no JWT client authentication offered');
      for (const scope of ['openid', 'profile', 'phone', 'groups']) assert.ok(meta.scopes_supported?.includes(scope));
      assert.equal(meta.end_session_endpoint, `${s.issuer}/oidc/session/end`);
      assert.equal(meta.backchannel_logout_supported, true);
    });

    test('signed in: code with no prompt, ID token, userinfo claims by scope, stable opaque sub', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const browser = s.browser();
      assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
      const flow = await codeFlow(rp, browser);
      assert.ok(flow.callback.searchParams.get('code'), flow.callback.href);
      const tokens = await exchange(rp, flow);
      const claims = tokens.claims()!;
      assert.equal(claims.iss, s.issuer);
      assert.equal(claims.aud, 'app-a');
      assert.notEqual(claims.sub, 'zhangwei');
      assert.ok(!String(claims.sub).includes('zhangwei'));
      const info = await oidc.fetchUserInfo(rp, tokens.access_token, claims.sub);
      assert.equal(info.preferred_username, 'zhangwei');
      assert.equal(info.name, 'zhangwei');
      assert.equal(info.phone_number, '13800000002');
      assert.equal(info.phone_number_verified, true);
      assert.ok(Array.isArray(info.groups));
      // Same account, another flow: the same subject.
      const again = await exchange(rp, await codeFlow(rp, browser, { scope: 'openid' }));
      assert.equal(again.claims()!.sub, claims.sub);
      const narrow = await oidc.fetchUserInfo(rp, again.access_token, claims.sub);
      assert.equal(narrow.preferred_username, undefined, 'profile claims only with the profile scope');
      assert.equal(narrow.phone_number, undefined);
    });

    test('client_secret_post authenticates as well as client_secret_basic', async () => {
      const rp = await s.relyingParty('app-a', secret, 'post');
      const browser = s.browser();
      await browser.signIn('zhangwei', DEMO.zhangwei);
      const tokens = await exchange(rp, await codeFlow(rp, browser));
      assert.ok(tokens.access_token);
    });

    test('a wrong secret gets invalid_client, basic and post', async () => {
      for (const method of ['basic', 'post'] as const) {
        const good = await s.relyingParty('app-a', secret, method);
        const bad = await s.relyingParty('app-a', `${secret}x`, method);
        const browser = s.browser();
        await browser.signIn('zhangwei', DEMO.zhangwei);
        const flow = await codeFlow(good, browser);
        const error = await rejection(exchange(bad, flow));
        assert.equal(error.error, 'invalid_client', `${method}: ${JSON.stringify(error)} ${String(error)}`);
        assert.equal(error.status, 401);
      }
    });

    test('a redirect_uri that is not registered exactly is refused on a page, never redirected to', async () => {
      const browser = s.browser();
      await browser.signIn('zhangwei', DEMO.zhangwei);
      for (const uri of [`${REDIRECT_URI}/`, `${REDIRECT_URI}?x=1`, 'http://evil.example/callback']) {
        const url = new URL(`${s.issuer}/oidc/auth`);
        url.search = new URLSearchParams({ client_id: 'app-a', response_type: 'code', scope: 'openid', redirect_uri: uri }).toString();
        const response = await browser.fetch(url.href);
        assert.equal(response.status, 400, uri);
        assert.equal(response.headers.get('location'), null);
        assert.match(await response.text(), /redirect_uri/);
      }
    });

    test('a replayed code gets invalid_grant and revokes the tokens issued from it', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const browser = s.browser();
      await browser.signIn('zhangwei', DEMO.zhangwei);
      const flow = await codeFlow(rp, browser);
      const tokens = await exchange(rp, flow);
      assert.equal((await oidc.tokenIntrospection(rp, tokens.access_token)).active, true);
      const error = await rejection(exchange(rp, flow));
      assert.equal(error.error, 'invalid_grant');
      assert.equal((await oidc.tokenIntrospection(rp, tokens.access_token)).active, false);
      assert.equal((await oidc.tokenIntrospection(rp, tokens.refresh_token!)).active, false);
    });

    test('refresh tokens rotate; reusing a used one gets invalid_grant and revokes the grant', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const browser = s.browser();
      await browser.signIn('zhangwei', DEMO.zhangwei);
      const tokens = await exchange(rp, await codeFlow(rp, browser));
      const first = tokens.refresh_token!;
      const refreshed = await oidc.refreshTokenGrant(rp, first);
      assert.ok(refreshed.refresh_token);
      assert.notEqual(refreshed.refresh_token, first);
      assert.ok(refreshed.access_token);
      const error = await rejection(oidc.refreshTokenGrant(rp, first));
      assert.equal(error.error, 'invalid_grant');
      // The thief's reuse ended the legitimate chain too.
      assert.equal((await oidc.tokenIntrospection(rp, refreshed.refresh_token!)).active, false);
      assert.equal((await oidc.tokenIntrospection(rp, refreshed.access_token)).active, false);
    });

    test('introspection describes a live token; revocation ends it and userinfo refuses it', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const browser = s.browser();
      await browser.signIn('zhangwei', DEMO.zhangwei);
      const tokens = await exchange(rp, await codeFlow(rp, browser));
      const live = await oidc.tokenIntrospection(rp, tokens.access_token);
      assert.equal(live.active, true);
      assert.equal(live.client_id, 'app-a');
      assert.equal(live.sub, tokens.claims()!.sub);
      await oidc.tokenRevocation(rp, tokens.access_token);
      assert.equal((await oidc.tokenIntrospection(rp, tokens.access_token)).active, false);
      const error = await rejection(oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub));
      assert.equal(error.status, 401);
    });

    test('prompt=none: login_required when signed out, a code when signed in', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const browser = s.browser();
      const signedOut = await codeFlow(rp, browser, { prompt: 'none' });
      assert.equal(signedOut.callback.searchParams.get('error'), 'login_required');
      assert.equal(signedOut.callback.searchParams.get('state'), signedOut.start.state);
      await browser.signIn('zhangwei', DEMO.zhangwei);
      const signedIn = await codeFlow(rp, browser, { prompt: 'none' });
      assert.ok(signedIn.callback.searchParams.get('code'), signedIn.callback.href);
      // Signed out of the portal: signed out of the provider too.
      assert.equal(await browser.signOut(), 200);
      const after = await codeFlow(rp, browser, { prompt: 'none' });
      assert.equal(after.callback.searchParams.get('error'), 'login_required');
    });

    test('signed out: the authorize request leads to the portal login page, which leads back to it', async () => {
      const rp = await s.relyingParty('app-a', secret);
      const browser = s.browser();
      const start = await codeFlow(rp, browser);
      const page = new URL(start.callback.href);
      // follow() stops at the first non-redirect: the login page on the portal origin.
      const { url } = await browser.follow(start.start.url.href, `${s.issuer}/?`);
      assert.equal(url.origin, s.issuer);
      assert.equal(url.pathname, '/');
      const callBack = url.searchParams.get('callBack')!;
      assert.match(callBack, /^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
      assert.ok(page);
      await browser.signIn('zhangwei', DEMO.zhangwei);
      const back = await browser.follow(callBack, REDIRECT_URI);
      assert.ok(back.url.searchParams.get('code'), back.url.href);
      assert.equal(back.url.searchParams.get('state'), start.start.state);
    });

    test('prompt=login and an exceeded max_age send a signed-in user to sign in again', async () => {
      const rp = await s.relyingParty('app-a', secret);
      for (const params of [{ prompt: 'login' }, { max_age: '0' }] as Record<string, string>[]) {
        const browser = s.browser();
        await browser.signIn('zhangwei', DEMO.zhangwei);
        // Login times count in whole seconds (auth_time, the portal session's start floored): max_age=0
        // finds the sign-in too old, and the provider takes the second sign-in for a new one
        // (portal-session.ts), only from the next second on. Wait for it.
        const signedInSecond = Math.floor(Date.now() / 1000);
        await waitUntil(() => Math.floor(Date.now() / 1000) > signedInSecond, {
          timeoutMs: 5000, failure: () => 'the wall clock did not reach the next second',
        });
        const start = await authorizationUrl(rp, params);
        const landed = await browser.follow(start.url.href, `${s.issuer}/?`);
        assert.equal(landed.url.pathname, '/', JSON.stringify(params));
        const callBack = landed.url.searchParams.get('callBack')!;
        await browser.signIn('zhangwei', DEMO.zhangwei);
        const back = await browser.follow(callBack, REDIRECT_URI);
        const code = back.url.searchParams.get('code');
        assert.ok(code, `${back.url.href} ${back.response?.status} ${await back.response?.text()}`);
        const tokens = await oidc.authorizationCodeGrant(rp, back.url, {
          pkceCodeVerifier: start.verifier, expectedState: start.state, expectedNonce: start.nonce, ...(params.max_age ? { maxAge: 0 } : {}),
        });
        assert.ok(Number(tokens.claims()!.auth_time) * 1000 >= Date.now() - 5000, 'auth_time is the new sign-in');
      }
    });
  });
}

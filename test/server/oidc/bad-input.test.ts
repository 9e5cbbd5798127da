// Malformed protocol requests get the errors the specifications name (RFC 6749 5.2, OpenID Connect
// Core 3.1.2.6, RFC 6750 3.1), never a 5xx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';

describe('OpenID Connect bad input', () => {
  let s: OidcServer;
  let basic: string;
  before(async () => {
    s = await startOidcServer();
    const secret = await s.addClient('app-a');
    basic = `Basic ${Buffer.from(`app-a:${secret}`).toString('base64')}`;
  });
  after(() => s.close());

  const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString(),
  });

  test('token endpoint', async () => {
    const cases: [RequestInit, string][] = [
      [form({ grant_type: 'authorization_code', code: 'nope', redirect_uri: REDIRECT_URI }, { authorization: basic }), 'invalid_grant'],
      [form({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI }, { authorization: basic }), 'invalid_request'],
      [form({ grant_type: 'password', username: 'a', password: 'b' }, { authorization: basic }), 'unsupported_grant_type'],
      [form({ grant_type: 'client_credentials' }, { authorization: basic }), 'unsupported_grant_type'],
      [form({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(5000) }, { authorization: basic }), 'invalid_grant'],
      [form({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT_URI }), 'invalid_request'],
      [form({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT_URI }, { authorization: 'Basic !!!' }), 'invalid_request'],
      [form({ grant_type: 'authorization_code', code: 'x', client_id: 'ghost', client_secret: 'y'.repeat(30), redirect_uri: REDIRECT_URI }), 'invalid_client'],
      [{ method: 'POST', headers: { 'content-type': 'application/json', authorization: basic }, body: '{"grant_type":' }, 'invalid_request'],
    ];
    for (const [init, expected] of cases) {
      const response = await fetch(`${s.issuer}/oidc/token`, init);
      assert.ok(response.status >= 400 && response.status < 500, `${expected}: HTTP ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      assert.equal(body.error, expected, `${JSON.stringify(init.body)} -> ${JSON.stringify(body)}`);
    }
  });

  test('authorization endpoint: errors go to the registered redirect URI, or a page when there is none', async () => {
    const auth = (params: Record<string, string>) => fetch(`${s.issuer}/oidc/auth?${new URLSearchParams(params)}`, { redirect: 'manual' });
    const redirected = async (params: Record<string, string>, expected: string) => {
      const response = await auth({ client_id: 'app-a', redirect_uri: REDIRECT_URI, scope: 'openid', state: 's', ...params });
      assert.equal(response.status, 303, JSON.stringify(params));
      const location = new URL(response.headers.get('location')!, s.issuer);
      assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI, `${JSON.stringify(params)} -> ${location.href}`);
      // The query, or the fragment where the requested response type puts it (response_type=token).
      const answer = location.hash ? new URLSearchParams(location.hash.slice(1)) : location.searchParams;
      assert.equal(answer.get('error'), expected, `${JSON.stringify(params)} -> ${location.href}`);
      assert.equal(answer.get('state'), 's');
    };
    await redirected({ response_type: 'token' }, 'unsupported_response_type');
    await redirected({ response_type: 'code', prompt: 'none login' }, 'invalid_request');
    await redirected({ response_type: 'code', code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request');
    await redirected({ response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request');
    for (const params of [{} as Record<string, string>, { client_id: 'ghost', response_type: 'code', redirect_uri: REDIRECT_URI }, { client_id: 'app-a', response_type: 'code', redirect_uri: 'javascript:alert(1)' }]) {
      const response = await auth(params);
      assert.ok(response.status >= 400 && response.status < 500, `${JSON.stringify(params)}: HTTP ${response.status}`);
      assert.equal(response.headers.get('location'), null);
      assert.match(await response.text(), /无法完成登录/);
    }
  });

  test('userinfo, introspection, revocation, logout and interaction routes', async () => {
    const me = await fetch(`${s.issuer}/oidc/me`, { headers: { authorization: 'Bearer nonsense' } });
    assert.equal(me.status, 401);
    assert.match(me.headers.get('www-authenticate') ?? '', /invalid_token/);
    const noToken = await fetch(`${s.issuer}/oidc/me`);
    assert.equal(noToken.status, 401);
    const introspect = await fetch(`${s.issuer}/oidc/token/introspection`, form({ token: 'nonsense' }, { authorization: basic }));
    assert.deepEqual(await introspect.json(), { active: false });
    const revoke = await fetch(`${s.issuer}/oidc/token/revocation`, form({ token: 'nonsense' }, { authorization: basic }));
    assert.equal(revoke.status, 200);
    const logout = await fetch(`${s.issuer}/oidc/session/end?id_token_hint=not.a.jwt`, { redirect: 'manual' });
    assert.equal(logout.status, 400);
    for (const path of ['/oidc/interaction/nope', '/oidc/interaction/..%2F..', '/oidc/interaction/' + 'x'.repeat(500)]) {
      const response = await fetch(`${s.issuer}${path}`, { redirect: 'manual' });
      assert.ok(response.status >= 400 && response.status < 500, `${path}: HTTP ${response.status}`);
    }
    const consent = await fetch(`${s.issuer}/oidc/interaction/nope/consent`, form({ decision: 'maybe' }));
    assert.equal(consent.status, 400);
  });
});

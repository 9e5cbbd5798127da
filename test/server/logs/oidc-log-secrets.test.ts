// The request log during OpenID Connect traffic: a logout with id_token_hint (a whole ID token) and
// logout_hint, and URLs that carry OAuth's other secret-bearing parameters (codes, tokens, client
// secrets, assertions, the PKCE verifier), as a careless relying party may send them. No line of
// the captured log stream contains any of those values; the routes themselves are still logged.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from '../oidc/oidc-fixture.ts';
import { secretInLine } from './secret-in-line.ts';

for (const backend of testBackends()) describe(`OpenID Connect secrets stay out of the logs (${backend.name})`, () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let s: OidcServer;
  before(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    s = await startOidcServer({ ...backend.overrides, logLevel: 'info' }, { logStream });
    const secret = await s.addClient('log-app');
    const rp = await s.relyingParty('log-app', secret);
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const flow = await codeFlow(rp, browser);
    const tokens = await exchange(rp, flow);
    secrets.set('client_secret', secret).set('code', flow.callback.searchParams.get('code')!).set('code_verifier', flow.start.verifier)
      .set('id_token', tokens.id_token!).set('access_token', tokens.access_token).set('refresh_token', tokens.refresh_token!);

    const logout = oidc.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token!, logout_hint: 'hint-zhangwei-7f3a9c' });
    secrets.set('id_token_hint', tokens.id_token!).set('logout_hint', 'hint-zhangwei-7f3a9c');
    await (await browser.fetch(logout.href)).arrayBuffer();

    // Every other secret-bearing parameter, each in a URL of the protocol's endpoints.
    const inUrl: Record<string, string> = {
      refresh_token: tokens.refresh_token!, client_secret: secret, code_verifier: flow.start.verifier, code: 'code-in-url-5d1e',
      assertion: 'assertion-in-url-81bc', client_assertion: 'client-assertion-in-url-04ad', token: 'token-in-url-9e27',
      access_token: tokens.access_token, id_token: tokens.id_token!,
    };
    for (const [name, value] of Object.entries(inUrl)) {
      secrets.set(`${name} in a URL`, value);
      const url = new URL(`${s.issuer}/oidc/token`);
      url.searchParams.set('grant_type', 'refresh_token');
      url.searchParams.set(name, value);
      await (await fetch(url, { method: 'POST' })).arrayBuffer();
    }
  });
  after(() => s.close());

  test('no line contains an ID token, logout hint, code, token, client secret, assertion or verifier', () => {
    assert.ok(lines.some((line) => line.includes('/oidc/session/end?')), 'the logout request is logged, masked');
    assert.ok(lines.some((line) => line.includes('id_token_hint=***')));
    for (const [name, value] of secrets) {
      const leaking = lines.filter((line) => secretInLine(line, value));
      assert.deepEqual(leaking, [], `${name} must not be logged`);
    }
  });
});

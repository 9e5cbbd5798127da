// Review of the OpenID Connect provider, finding 3 (medium): a request's Host header reached the
// discovery document (`"token_endpoint":"http://evil.example/oidc/token"` next to the real issuer),
// and behind a trusted proxy X-Forwarded-Host did too. Every URL the provider publishes or redirects
// to now comes from the issuer (SSO_PUBLIC_URL, or http://localhost:<port>), whatever Host or
// X-Forwarded-Host says, with or without SSO_TRUST_PROXY (server/oidc/forwarded-headers.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testBackends } from '../../helpers/test-app.ts';
import { startOidcServer, type OidcServer, REDIRECT_URI } from './oidc-fixture.ts';
import { rawRequest, type RawAnswer } from './raw-request.ts';

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** Everything an answer says: status line headers, cookies and body. */
const said = (answer: RawAnswer): string => JSON.stringify(answer.headers) + answer.body;

for (const backend of testBackends()) describe(`review finding 3: Host header (${backend.name})`, () => {
  let direct: OidcServer;
  let proxied: OidcServer;
  before(async () => {
    direct = await startOidcServer(backend.overrides);
    proxied = await startOidcServer({ ...backend.overrides, trustProxy: 1 });
    await direct.addClient('host-app');
    await proxied.addClient('host-app');
  });
  after(async () => {
    await direct?.close();
    await proxied?.close();
  });

  for (const [name, s] of [['a forged Host', () => direct], ['a trusted proxy\'s X-Forwarded-Host', () => proxied]] as const) {
    test(`discovery, the authorize redirect and the logout form name only the issuer, with ${name}`, async () => {
      const server = s();
      const discovery = await rawRequest(`${server.server.url}/.well-known/openid-configuration`, FORGED);
      assert.equal(discovery.status, 200);
      assert.ok(!said(discovery).includes('evil.example'), discovery.body);
      const document = JSON.parse(discovery.body) as Record<string, unknown>;
      assert.equal(document.issuer, server.issuer);
      for (const [key, value] of Object.entries(document)) {
        if (key.endsWith('_endpoint') || key === 'jwks_uri') assert.ok(String(value).startsWith(`${server.issuer}/`), `${key}: ${String(value)}`);
      }

      const authorize = new URL(`${server.server.url}/oidc/auth`);
      Object.entries({ client_id: 'host-app', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })
        .forEach(([k, v]) => authorize.searchParams.set(k, v));
      const redirect = await rawRequest(authorize.href, FORGED);
      assert.equal(redirect.status, 303);
      assert.ok(!said(redirect).includes('evil.example'), said(redirect));
      // The issuer is plain http here: no Secure cookie from a forged X-Forwarded-Proto.
      assert.ok(!(redirect.headers['set-cookie'] ?? []).some((cookie) => /;\s*secure/i.test(cookie)));

      const logout = await rawRequest(`${server.server.url}/oidc/session/end?client_id=host-app`, FORGED);
      assert.ok(!said(logout).includes('evil.example'), said(logout));
    });
  }
});

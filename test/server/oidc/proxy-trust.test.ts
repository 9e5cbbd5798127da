// The provider never builds a URL from X-Forwarded-Host: without SSO_TRUST_PROXY, from a peer that
// is not one of the listed proxies, and behind a trusted proxy too, discovery and the authorize
// redirects name the issuer (review finding 3: Keycloak's strict hostname).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testBackends } from '../../helpers/test-app.ts';
import { startOidcServer, type OidcServer, REDIRECT_URI } from './oidc-fixture.ts';

const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

for (const backend of testBackends()) describe(`OpenID Connect behind a proxy (${backend.name})`, () => {
  let untrusted: OidcServer;
  let proxied: OidcServer;
  let otherProxy: OidcServer;
  before(async () => {
    untrusted = await startOidcServer(backend.overrides);
    proxied = await startOidcServer({ ...backend.overrides, trustProxy: 1 });
    // The only trusted proxy is elsewhere: the test's requests (from 127.0.0.1) come from no proxy.
    otherProxy = await startOidcServer({ ...backend.overrides, trustProxy: ['10.9.9.9'] });
  });
  after(async () => {
    await untrusted.close();
    await proxied.close();
    await otherProxy.close();
  });

  const discovery = async (s: OidcServer) => {
    const response = await fetch(`${s.issuer}/.well-known/openid-configuration`, { headers: FORGED });
    assert.equal(response.status, 200);
    return (await response.json()) as Record<string, unknown>;
  };

  test('without SSO_TRUST_PROXY a forged X-Forwarded-Host does not reach discovery or authorize', async () => {
    const document = await discovery(untrusted);
    assert.ok(!JSON.stringify(document).includes('evil.example'), JSON.stringify(document));
    assert.equal(document.authorization_endpoint, `${untrusted.issuer}/oidc/auth`);
    await untrusted.addClient('proxy-app');
    const authorize = new URL(`${untrusted.issuer}/oidc/auth`);
    Object.entries({ client_id: 'proxy-app', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })
      .forEach(([k, v]) => authorize.searchParams.set(k, v));
    const response = await fetch(authorize, { headers: FORGED, redirect: 'manual' });
    assert.equal(response.status, 303);
    const said = [response.headers.get('location') ?? '', ...response.headers.getSetCookie(), await response.text()].join('\n');
    assert.ok(!said.includes('evil.example'), said);
    assert.ok(!response.headers.getSetCookie().some((cookie) => /;\s*secure/i.test(cookie)), 'plain http: no Secure cookie from a forged X-Forwarded-Proto');
  });

  test('with SSO_TRUST_PROXY naming another address, a request from elsewhere is believed no more than by the portal', async () => {
    const document = await discovery(otherProxy);
    assert.ok(!JSON.stringify(document).includes('evil.example'), JSON.stringify(document));
    assert.equal(document.authorization_endpoint, `${otherProxy.issuer}/oidc/auth`);
  });

  test('behind a trusted proxy (SSO_TRUST_PROXY=1) the URLs are still the issuer\'s', async () => {
    const document = await discovery(proxied);
    assert.equal(document.authorization_endpoint, `${proxied.issuer}/oidc/auth`);
  });
});

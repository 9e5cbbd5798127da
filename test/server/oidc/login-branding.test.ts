// The login page a signed-out browser reaches from the authorization endpoint wears the brand of
// the client's group when the client has exactly one group (the page names that group in `brand`,
// which the portal hands to <sso-login>), and the brand of its own host otherwise.
// The browser journey with the brand on screen is test/e2e/oidc-login-brand.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { authorizationUrl, REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';

for (const backend of testBackends()) describe(`login page branded by the client's group (${backend.name})`, () => {
  let s: OidcServer;
  const secrets: Record<string, string> = {};
  before(async () => {
    s = await startOidcServer(backend.overrides);
    secrets['exeed-dms'] = await s.addClient('exeed-dms', { group: ['exeed'] });
    secrets['two-brands'] = await s.addClient('two-brands', { group: ['icar', 'exeed'] });
    secrets['open-app'] = await s.addClient('open-app');
  });
  after(() => s.close());

  /** Signed out: where the authorization request leads the browser (the portal's login page). */
  async function loginPageFor(clientId: string) {
    const start = await authorizationUrl(await s.relyingParty(clientId, secrets[clientId]!));
    const browser = s.browser();
    const { url } = await browser.follow(start.url.href, `${s.issuer}/?`);
    assert.equal(url.pathname, '/', url.href);
    return { url, browser, start };
  }

  test('a client of exactly one group: the login page names that group\'s brand', async () => {
    const { url } = await loginPageFor('exeed-dms');
    assert.equal(url.searchParams.get('brand'), 'exeed');
    assert.match(url.searchParams.get('callBack')!, /^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
    assert.equal(url.searchParams.get('ssoDomain'), null, 'the page keeps its host\'s group for QR codes and registration');
  });

  test('two groups or none: no brand named, the page wears its host\'s', async () => {
    assert.equal((await loginPageFor('two-brands')).url.searchParams.get('brand'), null);
    assert.equal((await loginPageFor('open-app')).url.searchParams.get('brand'), null);
  });

  test('signing in from the branded page completes the flow', async () => {
    const { url, browser, start } = await loginPageFor('exeed-dms');
    assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    const back = await browser.follow(url.searchParams.get('callBack')!, REDIRECT_URI);
    assert.ok(back.url.searchParams.get('code'), back.url.href);
    assert.equal(back.url.searchParams.get('state'), start.state);
  });
});

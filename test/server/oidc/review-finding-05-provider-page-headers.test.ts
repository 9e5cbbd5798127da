// Review of the OpenID Connect provider, finding 5 (low): the provider's own pages (the logout
// confirmation, the logged-out page, error pages, the form_post page) were written after
// reply.hijack() and skipped the CSP, X-Frame-Options, nosniff and HSTS every other page gets. They
// get them now (secureRawAnswer in server/http/security-headers.ts); the form_post page's one
// inline script is allowed by its hash only.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { DOCUMENT_HEADERS, HSTS, PAGE_POLICY, RESOURCE_POLICY } from '../../../server/http/security-headers.ts';

const APP = 'http://127.0.0.1:9';

/** A policy as its directives, name -> sources (oidc-provider rejoins them without spaces). */
const directives = (policy: string): Map<string, string[]> =>
  new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));
import { authorizationUrl, startOidcServer, type OidcServer } from './oidc-fixture.ts';

function assertPageHeaders(response: Response, what: string): void {
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/, what);
  // The portal's page policy, with the registered apps' origins as form targets (Chromium applies
  // form-action to the redirect after a form submission) and the form_post page's script hash.
  const given = directives(response.headers.get('content-security-policy') ?? '');
  for (const [name, sources] of directives(PAGE_POLICY)) {
    const expected = name === 'form-action' ? [...sources, APP] : sources;
    const actual = name === 'script-src' ? given.get(name)?.filter((source) => !source.startsWith("'sha256-")) : given.get(name);
    assert.deepEqual(actual, expected, `${what}: ${name}`);
  }
  assert.equal(given.size, directives(PAGE_POLICY).size, what);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
  for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) assert.equal(response.headers.get(name), value, `${what}: ${name}`);
}

for (const backend of testBackends()) describe(`review finding 5: security headers on the provider's pages (${backend.name})`, () => {
  let s: OidcServer;
  let proxied: OidcServer;
  before(async () => {
    s = await startOidcServer({ ...backend.overrides, oidcClientCheckMs: 100 });
    await s.addClient('headers-app', { consent: true });
    proxied = await startOidcServer({ ...backend.overrides, trustProxy: 1 });
  });
  after(async () => {
    await s?.close();
    await proxied?.close();
  });

  test('the logout confirmation, the logged-out page and an error page', async () => {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const confirm = await browser.fetch(`${s.issuer}/oidc/session/end`);
    assert.equal(confirm.status, 200);
    assert.match(await confirm.text(), /是否退出统一登录/);
    assertPageHeaders(confirm, 'logout confirmation');
    assert.ok(!/sha256|unsafe/.test(confirm.headers.get('content-security-policy') ?? ''), 'no script allowed on our own pages');

    const success = await fetch(`${s.issuer}/oidc/session/end/success`);
    assert.match(await success.text(), /已退出登录/);
    assertPageHeaders(success, 'logged-out page');

    const error = await fetch(`${s.issuer}/oidc/auth?client_id=ghost&response_type=code&scope=openid&redirect_uri=http://127.0.0.1:9/cb`);
    assert.equal(error.status, 400);
    assert.match(await error.text(), /无法完成登录/);
    assertPageHeaders(error, 'error page');
  });

  test('the consent page: the page policy, its form allowed to end at the registered app', async () => {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const rp = await s.relyingParty('headers-app', null);
    const { response } = await browser.follow((await authorizationUrl(rp)).url.href, 'http://127.0.0.1:9/');
    assert.match(await response!.text(), /授权确认/);
    assertPageHeaders(response!, 'consent page');
  });

  test('the form_post page: its one inline script allowed by hash, nothing else', async () => {
    // Without a provider session, end_session answers oidc-provider's auto-submitting form_post page.
    const response = await fetch(`${s.issuer}/oidc/session/end`);
    const page = await response.text();
    assertPageHeaders(response, 'form_post page');
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
    assert.ok(script, page);
    const hash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
    const scriptSrc = (response.headers.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('script-src'))!;
    assert.ok(scriptSrc.includes(hash), scriptSrc);
    assert.ok(!/unsafe-inline/.test(scriptSrc), scriptSrc);
  });

  test('JSON answers get the resource policy; https answers get HSTS', async () => {
    const discovery = await fetch(`${s.issuer}/.well-known/openid-configuration`);
    assert.equal(discovery.headers.get('content-security-policy'), RESOURCE_POLICY);
    assert.equal(discovery.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(discovery.headers.get('strict-transport-security'), null, 'HSTS only over https');
    const overHttps = await fetch(`${proxied.issuer}/oidc/session/end/success`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(overHttps.headers.get('strict-transport-security'), HSTS);
  });
});

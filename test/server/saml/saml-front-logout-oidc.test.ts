// An OpenID Connect app's logout (RP-initiated, through the browser) also reaches the SAML apps only
// the browser can sign out: after the portal session ends, the browser visits each of them with a
// signed LogoutRequest (saml-front-logout.ts) and only then goes where the provider was sending it,
// the app's registered post-logout URI with its state. Both ways an app asks: with an
// id_token_hint (no question asked) and through the confirmation page's 退出登录. On every storage mode.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type * as oidc from 'openid-client';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import type { RawAnswer } from '../cas/cas-helpers.ts';
import type { Browser } from '../oidc/browser.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from '../oidc/oidc-fixture.ts';
import { formOf, REDIRECT, registerTestSp, spAnswers, spReceives, type TestSp } from './saml-sp.ts';

const POST_LOGOUT = 'http://127.0.0.1:9/signed-out';

async function rawOf(response: Response): Promise<RawAnswer> {
  return { status: response.status, location: response.headers.get('location') ?? undefined, contentType: response.headers.get('content-type') ?? undefined, body: await response.text() };
}

for (const backend of testBackends()) describe(`SAML front-channel logout after an OpenID Connect app's logout (${backend.name})`, () => {
  let s: OidcServer;
  let rp: oidc.Configuration;
  let sp: TestSp;

  before(async () => {
    s = await startOidcServer(backend.overrides);
    rp = await s.relyingParty('rp', await s.addClient('rp', { 'post-logout-redirect-uri': [POST_LOGOUT] }));
    sp = await registerTestSp({ app: s.server.app, ctx: s.server.ctx }, 'redir', { slo: [{ binding: REDIRECT, location: 'https://redir.example.com/slo' }] });
  });
  after(async () => {
    await s?.close();
  });

  /** Signed in at the portal, into the OpenID Connect app and into the SAML app (Redirect logout only). */
  async function signedIntoBoth(): Promise<{ browser: Browser; idToken: string; sessionIndex: string }> {
    const browser = s.browser();
    assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    const tokens = await exchange(rp, await codeFlow(rp, browser));
    const samlLogin = await browser.fetch('/saml/sso/initiate?sp=redir');
    const { extract } = await sp.sp.parseLoginResponse(sp.idp, 'post', { body: formOf(await samlLogin.text()).fields }) as unknown as { extract: { sessionIndex: { sessionIndex: string } } };
    return { browser, idToken: tokens.id_token!, sessionIndex: extract.sessionIndex.sessionIndex };
  }

  /** From the chain's start: the SAML app gets its LogoutRequest and answers; then where the browser goes. */
  async function walkTheSamlApp(browser: Browser, start: string, sessionIndex: string): Promise<URL> {
    assert.match(start, /\/saml\/slo\/front\?start=[\w-]{43}$/, 'the SAML app first');
    const toSp = await rawOf(await browser.fetch(start));
    const received = await spReceives(sp, 'redirect', toSp);
    assert.equal(received.sessionIndex, sessionIndex);
    const isLogin = (await (await browser.fetch('/api/centerAuth/sso/isLogin')).json()) as { data: boolean };
    assert.equal(isLogin.data, false, 'the portal session is over before the SAML app is visited');
    const answered = await browser.fetch(spAnswers(sp, 'redirect', received.id).path);
    assert.equal(answered.status, 303);
    await answered.arrayBuffer();
    const end = await browser.fetch(answered.headers.get('location')!);
    assert.equal(end.status, 303, 'the chain ends by going on, not on its own page');
    await end.arrayBuffer();
    return new URL(end.headers.get('location')!, s.issuer);
  }

  test('with an id_token_hint: the SAML app, then the post-logout URI with its state', async () => {
    const { browser, idToken, sessionIndex } = await signedIntoBoth();
    const url = new URL(`${s.issuer}/oidc/session/end`);
    url.search = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: POST_LOGOUT, state: 'st-hint' }).toString();
    const ended = await browser.fetch(url.href);
    assert.equal(ended.status, 303);
    await ended.arrayBuffer();
    const landed = await walkTheSamlApp(browser, ended.headers.get('location')!, sessionIndex);
    assert.equal(`${landed.origin}${landed.pathname}`, POST_LOGOUT);
    assert.equal(landed.searchParams.get('state'), 'st-hint');
  });

  test('through the confirmation page\'s 退出登录: the SAML app, then the post-logout URI with its state', async () => {
    const { browser, sessionIndex } = await signedIntoBoth();
    const url = new URL(`${s.issuer}/oidc/session/end`);
    url.search = new URLSearchParams({ client_id: 'rp', post_logout_redirect_uri: POST_LOGOUT, state: 'st-confirm' }).toString();
    const page = await (await browser.fetch(url.href)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const confirmed = await browser.fetch(action, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    assert.equal(confirmed.status, 303);
    await confirmed.arrayBuffer();
    const landed = await walkTheSamlApp(browser, confirmed.headers.get('location')!, sessionIndex);
    assert.equal(`${landed.origin}${landed.pathname}`, POST_LOGOUT);
    assert.equal(landed.searchParams.get('state'), 'st-confirm');
  });
});

// Embedded QR sign-in: a Feishu code login from a registered brand site ends, like a password
// login there, in a one-time ticket instead of a third-party session cookie (docs/embedding.md).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

// Registered for the default group in the demo data (whose Feishu app the fake upstream knows).
const BRAND_SITE = 'http://localhost:5173';
const SSO_HOST = 'sso.localhost:8080';

describe('embedded Feishu code login', () => {
  let t: TestApp;
  let fake: FakeMessengers;
  before(async () => {
    fake = await startFakeMessengers();
    t = await buildTestApp(testBackends()[0]!, { weComBaseUrl: fake.url, feishuBaseUrl: fake.url });
    fake.feishuCodes.set('fs-embedded', 'on_demo_zhangwei');
  });
  after(async () => {
    await t.close();
    await fake.close();
  });

  /** The nonce the embedding page keeps (widget/core/login-binding.ts). */
  const PAGE_NONCE = 'brand-page-nonce-0123456789abcdef';

  it('answers a ticket (no cookie) that the SSO origin redeems into a session', async () => {
    const headers = { host: SSO_HOST, origin: BRAND_SITE, 'x-login-binding': PAGE_NONCE };
    const first = await t.app.inject({ method: 'GET', url: '/api/centerAuth/sso/isLogin', headers });
    const token = String(first.headers['x-xsrf-token']);
    const url = '/api/centerAuth/sso/feishu/loginByCode?ssoDomain=localhost&clientId=portal&code=fs-embedded';
    // A state-changing GET: without the Origin-bound token it is refused.
    assert.equal((await t.app.inject({ method: 'GET', url, headers })).statusCode, 403);
    const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'x-xsrf-token': token } });
    const body = res.json();
    assert.equal(body.code, 200);
    assert.equal(body.data.username, 'zhangwei');
    assert.equal(res.cookies.find((c) => c.name === 'sso_sid'), undefined);
    const redirect = new URL(body.data.redirect as string);
    assert.equal(redirect.origin, `http://${SSO_HOST}`);
    const redeem = await t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}&proof=${PAGE_NONCE}`, headers: { host: SSO_HOST, referer: `${BRAND_SITE}/` } });
    assert.equal(redeem.statusCode, 303);
    assert.equal(redeem.headers.location, '/home');
    assert.ok(redeem.cookies.find((c) => c.name === 'sso_sid'));
  });

  it('binds the callBack the element sends to the ticket; a foreign one becomes /home', async () => {
    const headers = { host: SSO_HOST, origin: BRAND_SITE, 'x-login-binding': PAGE_NONCE };
    const token = String((await t.app.inject({ method: 'GET', url: '/api/centerAuth/sso/isLogin', headers })).headers['x-xsrf-token']);
    const redeemFor = async (code: string, callBack: string) => {
      fake.feishuCodes.set(code, 'on_demo_zhangwei');
      const url = `/api/centerAuth/sso/feishu/loginByCode?ssoDomain=localhost&code=${code}&callBack=${encodeURIComponent(callBack)}`;
      const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'x-xsrf-token': token } });
      assert.ok(res.json().data.ticket, JSON.stringify(res.json()));
      const redirect = new URL(res.json().data.redirect as string);
      return t.app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}&proof=${PAGE_NONCE}`, headers: { host: SSO_HOST, referer: `${BRAND_SITE}/` } });
    };
    const back = await redeemFor('fs-callback', `${BRAND_SITE}/orders?id=7`);
    assert.equal(back.statusCode, 303);
    assert.equal(back.headers.location, `${BRAND_SITE}/orders?id=7`);
    const foreign = await redeemFor('fs-foreign', 'https://evil.example.net/steal');
    assert.equal(foreign.headers.location, '/home');
  });
});

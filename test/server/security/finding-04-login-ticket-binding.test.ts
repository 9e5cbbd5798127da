// Issue 13, finding 4 (Medium): login CSRF / session swap. A login ticket could be minted with a
// forged Origin and a relative callBack into /api/, was not bound to the browser that asked for it,
// and a Referer from the SSO origin was accepted at redeem. Now: a ticket is minted only for a
// registered origin taken from the Origin header, is bound to the nonce the embedding page keeps
// (X-Login-Binding at sign-in, `proof` at redeem), and redeem wants the brand origin as Referer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const SSO_HOST = 'sso.localhost:8080';
const BRAND_SITE = 'https://dealer.exeed.example.com'; // registered for the exeed group in the demo data
const PAGE_NONCE = 'brand-page-nonce-0123456789abcdef';
const INVALID_PAGE = /登录凭证无效，请返回登录页重新登录/;

for (const backend of testBackends()) {
  describe(`finding 4: login tickets bound to the page that started the sign-in (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, form?: Record<string, string>) => t.app.inject({
      method, url,
      headers: { host: SSO_HOST, ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });

    async function embeddedLogin(headers: Record<string, string>, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
      const key = (await inject('GET', '/api/centerAuth/commonConfig/getPublicKeySm2', {})).json().data as string;
      const token = String((await inject('GET', '/api/centerAuth/sso/isLogin', { origin: BRAND_SITE })).headers['x-xsrf-token']);
      return inject('POST', '/api/centerAuth/sso/doLogin', { origin: BRAND_SITE, 'x-xsrf-token': token, ...headers }, {
        name: 'zhangwei', pwd: sm2Password(DEMO.zhangwei, key), loginType: '0', ssoDomain: 'exeed.localhost', ...fields,
      });
    }

    const redeemPath = (res: LightMyRequestResponse) => {
      const url = new URL(res.json().data.redirect as string);
      return url.pathname + url.search;
    };
    const session = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sso_sid');

    it('mints no ticket without the page nonce (AU00132)', async () => {
      const res = await embeddedLogin({});
      assert.deepEqual(res.json(), { code: 'AU00132', errorCode: 'AU00132', msg: '登录请求缺少页面校验信息，请刷新页面后重试', data: null });
    });

    it('a ticket without its proof, or with another page\'s proof, starts no session', async () => {
      for (const proof of ['', '&proof=', '&proof=another-page-nonce-0123456789', `&proof=${PAGE_NONCE}x`]) {
        const res = await embeddedLogin({ 'x-login-binding': PAGE_NONCE });
        const redeem = await inject('GET', redeemPath(res) + proof, { referer: `${BRAND_SITE}/` });
        assert.equal(redeem.statusCode, 400, proof);
        assert.match(redeem.body, INVALID_PAGE);
        assert.equal(session(redeem), undefined);
      }
      const res = await embeddedLogin({ 'x-login-binding': PAGE_NONCE });
      const redeem = await inject('GET', `${redeemPath(res)}&proof=${PAGE_NONCE}`, { referer: `${BRAND_SITE}/` });
      assert.equal(redeem.statusCode, 303);
      assert.ok(session(redeem));
    });

    it('a redeem without the proof or from a foreign page does not spend the ticket: its own page still signs in with it', async () => {
      const res = await embeddedLogin({ 'x-login-binding': PAGE_NONCE });
      const path = redeemPath(res);
      const noProof = await inject('GET', path, { referer: `${BRAND_SITE}/` });
      assert.equal(noProof.statusCode, 400);
      const foreign = await inject('GET', `${path}&proof=${PAGE_NONCE}`, { referer: 'https://evil.example/' });
      assert.equal(foreign.statusCode, 400);
      const owner = await inject('GET', `${path}&proof=${PAGE_NONCE}`, { referer: `${BRAND_SITE}/` });
      assert.equal(owner.statusCode, 303);
      assert.ok(session(owner));
      const again = await inject('GET', `${path}&proof=${PAGE_NONCE}`, { referer: `${BRAND_SITE}/` });
      assert.equal(again.statusCode, 410, 'spent once used');
    });

    it('refuses a redeem whose Referer is the SSO origin itself (a callBack carrying a stranger\'s ticket)', async () => {
      const res = await embeddedLogin({ 'x-login-binding': PAGE_NONCE });
      const redeem = await inject('GET', `${redeemPath(res)}&proof=${PAGE_NONCE}`, { referer: `http://${SSO_HOST}/home` });
      assert.equal(redeem.statusCode, 400);
      assert.equal(session(redeem), undefined);
    });

    it('takes the brand origin from Origin only: a Referer naming a registered site mints nothing', async () => {
      const key = (await inject('GET', '/api/centerAuth/commonConfig/getPublicKeySm2', {})).json().data as string;
      // No Origin (as a same-origin or non-browser caller): a plain first-party login, never a ticket.
      const c = t.client(SSO_HOST);
      const res = await c.post('/api/centerAuth/sso/doLogin', {
        form: { name: 'zhangwei', pwd: sm2Password(DEMO.zhangwei, key), loginType: '0', ssoDomain: 'exeed.localhost' },
        headers: { referer: `${BRAND_SITE}/`, 'x-login-binding': PAGE_NONCE },
      });
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data.ticket, undefined);
      // An unregistered Origin is refused outright.
      const forged = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: 'https://evil.example', 'x-login-binding': PAGE_NONCE }, { name: 'zhangwei', pwd: 'x' });
      assert.equal(forged.statusCode, 403);
    });

    it('a callBack into /api/ is never bound to a ticket: redeem goes to /home', async () => {
      const res = await embeddedLogin({ 'x-login-binding': PAGE_NONCE }, { callBack: '/api/centerAuth/sso/ticket/redeem?ticket=AAAA' });
      const redeem = await inject('GET', `${redeemPath(res)}&proof=${PAGE_NONCE}`, { referer: `${BRAND_SITE}/` });
      assert.equal(redeem.statusCode, 303);
      assert.equal(redeem.headers.location, '/home');
    });
  });
}

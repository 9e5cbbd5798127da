// Session timeouts (HTTP 424), the XSRF double submit (403), Enc-Flag bodies and answers, and the
// envelope for unknown API paths.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { encFlagDecrypt, encFlagEncrypt } from '../../../server/crypto/enc-flag.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const EXPIRED = { code: 424, msg: '令牌状态已过期，请点击重新登录', data: null };

for (const backend of testBackends()) {
  describe(`sessions, XSRF and Enc-Flag (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 10 * 3600_000 });
    });
    after(() => t.close());

    it('an idle session expires after 30 minutes: HTTP 424 on every session call, cookie cleared', async () => {
      const c = t.client();
      await c.login('zhangwei', DEMO.zhangwei);
      t.clock.advance(29 * 60_000);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true, 'activity within the idle time keeps it');
      t.clock.advance(29 * 60_000);
      assert.equal((await c.get('/api/centerAuth/user/curLogin/info')).body.code, 200);
      t.clock.advance(31 * 60_000);
      const sid = c.cookies.get('sso_sid')!;
      for (const url of ['/api/centerAuth/user/curLogin/info', '/api/centerAuth/clientGroup/getClientGroupList',
        '/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=localhost', '/api/centerAuth/sso/isLogin']) {
        c.cookies.set('sso_sid', sid);
        const res = await c.get(url);
        assert.equal(res.status, 424, url);
        assert.deepEqual(res.body, EXPIRED, url);
        assert.equal(c.cookies.has('sso_sid'), false, 'the 424 answer clears the cookie');
      }
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'after the 424 the browser is simply logged out');
    });

    it('the absolute timeout (10 h) ends even an active session', async () => {
      const c = t.client();
      await c.login('zhangwei', DEMO.zhangwei);
      for (let i = 0; i < 20; i++) {
        t.clock.advance(29 * 60_000);
        assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      }
      t.clock.advance(25 * 60_000);
      const res = await c.get('/api/centerAuth/sso/isLogin');
      assert.equal(res.status, 424);
      assert.deepEqual(res.body, EXPIRED);
    });

    it('sets a script-readable XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN', async () => {
      const c = t.client();
      const res = await c.get('/api/centerAuth/sso/isLogin', { xsrf: false });
      const cookie = res.cookies.find((k) => k.name === 'XSRF-TOKEN');
      assert.ok(cookie);
      assert.equal(cookie.httpOnly, undefined);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(res.headers['x-xsrf-token'], cookie.value);
      const again = await c.get('/api/centerAuth/sso/isLogin');
      assert.equal(again.cookies.find((k) => k.name === 'XSRF-TOKEN'), undefined, 'kept while the browser has it');
      assert.equal(again.headers['x-xsrf-token'], cookie.value);
    });

    it('refuses POSTs and state-changing GETs without a matching X-XSRF-TOKEN (403), changing nothing', async () => {
      const c = t.client();
      const pwd = await c.encrypt(DEMO.zhangwei);
      for (const xsrf of [false, 'forged-token-value-123'] as const) {
        const res = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd }, xsrf });
        assert.equal(res.status, 403);
        assert.deepEqual(res.body, { code: 403, msg: '请求校验失败，请刷新页面后重试', data: null });
        assert.equal(c.cookies.has('sso_sid'), false);
      }
      for (const url of ['/api/centerAuth/msg/login/send?phone=13800000001', '/api/admin/mobile/13900000009',
        '/api/centerAuth/sso/WeCom/loginByCode?code=x', '/api/centerAuth/sso/feishu/loginByCode?code=x', '/api/centerAuth/sso/signout']) {
        const res = await c.get(url, { xsrf: false });
        assert.equal(res.status, 403, url);
      }
      assert.equal(t.lastSmsCode('13800000001'), null, 'no SMS went out');
    });

    it('Enc-Flag: an encrypted doLogin body is processed as the plain body; data comes back encrypted', async () => {
      const c = t.client();
      const plain = { name: 'zhangwei', pwd: await c.encrypt(DEMO.zhangwei), loginType: 0 };
      const res = await c.post('/api/centerAuth/sso/doLogin', {
        json: { encryption: encFlagEncrypt(JSON.stringify(plain), t.config.encKey) },
        headers: { 'enc-flag': 'true' },
      });
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data, undefined);
      assert.deepEqual(JSON.parse(encFlagDecrypt(res.body.encryption!, 'SsoPortalEncKey1')), { username: 'zhangwei', redirect: '/home' });
      const broken = await c.post('/api/centerAuth/sso/doLogin', { json: { encryption: 'not-base64-json' }, headers: { 'enc-flag': 'true' } });
      assert.equal(broken.status, 400);
      assert.equal(broken.body.msg, '加密报文无法解析');
    });

    it('Enc-Flag cipher matches crypto-js AES CFB NoPadding with IV = key (the widget side)', async () => {
      const { default: CryptoJS } = await import('crypto-js');
      const key = CryptoJS.enc.Utf8.parse('SsoPortalEncKey1');
      const text = JSON.stringify({ name: '张伟', n: 1 });
      const browser = CryptoJS.AES.encrypt(text, key, { iv: key, mode: CryptoJS.mode.CFB, padding: CryptoJS.pad.NoPadding }).toString();
      assert.equal(encFlagEncrypt(text, 'SsoPortalEncKey1'), browser);
      assert.equal(encFlagDecrypt(browser, 'SsoPortalEncKey1'), text);
    });

    it('marks both cookies Secure when the request came over https (behind a trusted proxy)', async () => {
      const proxied = await buildTestApp(backend, { trustProxy: 1 });
      try {
        const c = proxied.client();
        const https = { 'x-forwarded-proto': 'https' };
        const first = await c.get('/api/centerAuth/sso/isLogin', { xsrf: false, headers: https });
        assert.equal(first.cookies.find((k) => k.name === 'XSRF-TOKEN')?.secure, true);
        const pwd = await c.encrypt(DEMO.zhangwei);
        const res = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd }, headers: https });
        assert.equal(res.body.code, 200);
        assert.equal(res.cookies.find((k) => k.name === 'sso_sid')?.secure, true);
      } finally {
        await proxied.close();
      }
    });

    it('unknown API paths answer the envelope with 404', async () => {
      const res = await t.client().get('/api/centerAuth/nothing');
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { code: 404, msg: '接口不存在', data: null });
    });
  });
}

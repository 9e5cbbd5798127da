// WeCom and Feishu loginByCode against a fake upstream on 127.0.0.1 speaking the real protocols.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const refusal = (code: string, msg: string) => ({ code, errorCode: code, msg, data: null });

for (const backend of testBackends()) {
  describe(`WeCom and Feishu loginByCode (${backend.name})`, () => {
    let t: TestApp;
    let fake: FakeMessengers;
    before(async () => {
      fake = await startFakeMessengers();
      t = await buildTestApp(backend, { weComBaseUrl: fake.url, feishuBaseUrl: fake.url });
      fake.weComCodes.set('wc-good', 'zhangwei');
      fake.weComCodes.set('wc-stranger', 'lisi');
      fake.feishuCodes.set('fs-good', 'on_demo_zhangwei');
      fake.feishuCodes.set('fs-stranger', 'on_unknown');
    });
    after(async () => {
      await t.close();
      await fake.close();
    });

    it('WeCom: gettoken + getuserinfo, the linked userid logs in, the token is cached', async () => {
      const c = t.client();
      const res = await c.get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-good&clientId=portal&ssoDomain=localhost');
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-good&ssoDomain=localhost');
      assert.equal(fake.calls.weComToken, 1, 'the access token is reused until it expires');
      t.clock.advance(2 * 3600_000);
      await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-good&ssoDomain=localhost');
      assert.equal(fake.calls.weComToken, 2, 'an expired token is fetched again');
    });

    it('WeCom: a token the upstream declared expired is refreshed once and the login succeeds', async () => {
      fake.expireWeComTokenOnce = true;
      const res = await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-good&ssoDomain=localhost');
      assert.equal(res.body.code, 200);
    });

    it('WeCom: an unlinked userid, a bad code and a group without WeCom get clear messages', async () => {
      const c = t.client();
      assert.deepEqual((await c.get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-stranger&ssoDomain=localhost')).body,
        refusal('AU00142', '该企业微信账号未绑定系统用户，请联系管理员'));
      assert.deepEqual((await c.get('/api/centerAuth/sso/WeCom/loginByCode?code=nope&ssoDomain=localhost')).body,
        refusal('AU00144', '授权码无效或已过期，请重新扫码'));
      assert.deepEqual((await c.get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-good&ssoDomain=operation.localhost')).body,
        refusal('AU00140', '当前客户组未配置企业微信登录'));
      const missing = await c.get('/api/centerAuth/sso/WeCom/loginByCode?ssoDomain=localhost');
      assert.equal(missing.status, 400);
      assert.equal(missing.body.msg, '缺少参数 code');
      assert.equal(c.cookies.has('sso_sid'), false);
    });

    it('Feishu: app_access_token + oidc access_token + user_info, the union_id logs in', async () => {
      const c = t.client();
      const res = await c.get('/api/centerAuth/sso/feishu/loginByCode?ssoDomain=localhost&clientId=portal&code=fs-good');
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
      await t.client().get('/api/centerAuth/sso/feishu/loginByCode?ssoDomain=localhost&code=fs-good');
      assert.equal(fake.calls.feishuAppToken, 1);
      const audit = await t.ctx.stores.audit.listLoginAudit(20);
      assert.ok(audit.some((a) => a.method === 'feishu' && a.result === 'success' && a.clientId === 'portal'));
    });

    it('Feishu: unlinked union_id, bad code and a group without Feishu', async () => {
      const c = t.client();
      assert.deepEqual((await c.get('/api/centerAuth/sso/feishu/loginByCode?ssoDomain=localhost&code=fs-stranger')).body,
        refusal('AU00143', '该飞书账号未绑定系统用户，请联系管理员'));
      assert.deepEqual((await c.get('/api/centerAuth/sso/feishu/loginByCode?ssoDomain=localhost&code=bad')).body,
        refusal('AU00144', '授权码无效或已过期，请重新扫码'));
      assert.deepEqual((await c.get('/api/centerAuth/sso/feishu/loginByCode?ssoDomain=ka.localhost&code=fs-good')).body,
        refusal('AU00141', '当前客户组未配置飞书登录'));
    });

    it('an unreachable upstream answers 503 with a generic message', async () => {
      const down = await buildTestApp(backend, { weComBaseUrl: 'http://127.0.0.1:9', feishuBaseUrl: 'http://127.0.0.1:9' });
      try {
        for (const url of ['/api/centerAuth/sso/WeCom/loginByCode?code=x', '/api/centerAuth/sso/feishu/loginByCode?code=x']) {
          const res = await down.client().get(url);
          assert.equal(res.status, 503, url);
          assert.deepEqual(res.body, { code: 503, msg: '第三方登录服务暂不可用，请稍后重试', data: null });
        }
      } finally {
        await down.close();
      }
    });
  });
}

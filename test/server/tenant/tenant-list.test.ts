// GET /tenant/list: signature headers, 5-minute window, replayed nonces.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

function signed(nonce: string, timestamp: number, secret = 'SsoPortalSignSecret') {
  const ts = String(timestamp);
  return { signature: md5(secret + nonce + '/tenant/list' + ts), nonce, timestamp: ts, url: '/tenant/list' };
}

for (const backend of testBackends()) {
  describe(`/tenant/list (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('answers the client-group list to a correctly signed request', async () => {
      const res = await t.client().get('/api/tenant/list', { headers: signed('n-1', t.clock.now()) });
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data.length, 6);
      assert.deepEqual(res.body.data[1], { code: 'ka', name: '大客户营销平台', domainUrl: 'http://ka.localhost' });
    });

    it('refuses a replayed nonce', async () => {
      const res = await t.client().get('/api/tenant/list', { headers: signed('n-1', t.clock.now()) });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { code: 401, msg: '请求重复，请勿重放', data: null });
    });

    it('refuses a timestamp older than 5 minutes', async () => {
      const res = await t.client().get('/api/tenant/list', { headers: signed('n-2', t.clock.now() - 5 * 60_000 - 1000) });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { code: 401, msg: '请求已过期，请校准时间后重试', data: null });
      const fresh = await t.client().get('/api/tenant/list', { headers: signed('n-3', t.clock.now() - 4 * 60_000) });
      assert.equal(fresh.status, 200);
    });

    it('refuses a wrong secret, a tampered header and missing headers', async () => {
      const wrongSecret = await t.client().get('/api/tenant/list', { headers: signed('n-4', t.clock.now(), 'guess') });
      assert.equal(wrongSecret.status, 401);
      assert.deepEqual(wrongSecret.body, { code: 401, msg: '签名校验失败', data: null });
      const tampered = { ...signed('n-5', t.clock.now()), nonce: 'n-6' };
      assert.equal((await t.client().get('/api/tenant/list', { headers: tampered })).status, 401);
      const { signature: _s, ...unsigned } = signed('n-7', t.clock.now());
      assert.equal((await t.client().get('/api/tenant/list', { headers: unsigned })).body.msg, '签名校验失败');
    });
  });
}

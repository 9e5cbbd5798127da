// SMS and messenger logins against the password policy, single use of an SMS code under parallel
// requests, and the callBack of a code login.
//  - must change (AU00154) blocks SMS and messenger login until the password is changed;
//  - an aged password (AU00153) does not: the phone or messenger account was proven (docs/server.md);
//  - one SMS code signs in once, even for two requests at the same moment (SQLite, PostgreSQL with
//    SSO_TEST_PG_URL, Redis with SSO_TEST_REDIS_URL as well);
//  - loginByCode takes a callBack, checked like doLogin's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const refusal = (code: string, msg: string) => ({ code, errorCode: code, msg, data: null });
const MUST_CHANGE_PHONE = '13900000301';
const AGED_PHONE = '13900000302';
const RACE_PHONE = '13900000303';

for (const backend of testBackends()) {
  describe(`code logins and the password policy (${backend.name})`, () => {
    let t: TestApp;
    let fake: FakeMessengers;
    before(async () => {
      fake = await startFakeMessengers();
      t = await buildTestApp(backend, { weComBaseUrl: fake.url, feishuBaseUrl: fake.url });
      const users = t.ctx.stores.users;
      const passwordHash = await hashPassword('Policy#2026x');
      const now = t.clock.now();
      const mustChange = await users.insertUser({
        username: 'mustchange1', phone: MUST_CHANGE_PHONE, passwordHash, passwordChangedAt: now, mustChangePassword: true, kind: 'dealer',
      });
      const aged = await users.insertUser({
        username: 'agedphone1', phone: AGED_PHONE, passwordHash, passwordChangedAt: now - 90 * 24 * 3600_000, mustChangePassword: false, kind: 'dealer',
      });
      await users.insertUser({
        username: 'racephone1', phone: RACE_PHONE, passwordHash, passwordChangedAt: now, mustChangePassword: false, kind: 'dealer',
      });
      await users.linkIdentity('wecom', 'wc-mustchange', mustChange.id);
      await users.linkIdentity('feishu', 'on_mustchange', mustChange.id);
      await users.linkIdentity('wecom', 'wc-aged', aged.id);
      fake.weComCodes.set('wc-must', 'wc-mustchange');
      fake.feishuCodes.set('fs-must', 'on_mustchange');
      fake.weComCodes.set('wc-aged', 'wc-aged');
      fake.weComCodes.set('wc-zhang', 'zhangwei');
    });
    after(async () => {
      await t.close();
      await fake.close();
    });

    async function smsCode(phone: string): Promise<string> {
      t.clock.advance(61_000);
      await t.client().get(`/api/centerAuth/msg/login/send?phone=${phone}`);
      return t.lastSmsCode(phone)!;
    }

    it('a must-change account gets AU00154 and no session by SMS, WeCom or Feishu', async () => {
      const c = t.client();
      const sms = await c.post('/api/centerAuth/sso/doLogin', { form: { phone: MUST_CHANGE_PHONE, code: await smsCode(MUST_CHANGE_PHONE), loginType: '1' } });
      assert.deepEqual(sms.body, refusal('AU00154', '首次登录，请先修改密码'));
      assert.deepEqual((await c.get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-must&ssoDomain=localhost')).body,
        refusal('AU00154', '首次登录，请先修改密码'));
      assert.deepEqual((await c.get('/api/centerAuth/sso/feishu/loginByCode?code=fs-must&ssoDomain=localhost')).body,
        refusal('AU00154', '首次登录，请先修改密码'));
      assert.equal(c.cookies.has('sso_sid'), false);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
      const audit = await t.ctx.stores.audit.listLoginAudit(20);
      assert.ok(audit.some((a) => a.username === 'mustchange1' && a.method === 'mobile' && a.result === 'must_change'));
      assert.ok(audit.some((a) => a.username === 'mustchange1' && a.method === 'wecom' && a.result === 'must_change'));
    });

    it('an aged password does not block SMS or WeCom login (the phone or messenger was proven)', async () => {
      const c = t.client();
      assert.equal((await c.login('agedphone1', 'Policy#2026x')).body.code, 'AU00153', 'the password login still asks for a change');
      const sms = await c.post('/api/centerAuth/sso/doLogin', { form: { phone: AGED_PHONE, code: await smsCode(AGED_PHONE), loginType: '1' } });
      assert.deepEqual(sms.body, { code: 200, msg: 'success', data: { username: 'agedphone1', redirect: '/home' } });
      const weCom = await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-aged&ssoDomain=localhost');
      assert.deepEqual(weCom.body, { code: 200, msg: 'success', data: { username: 'agedphone1', redirect: '/home' } });
    });

    it('after the password change the must-change account signs in by SMS', async () => {
      const c = t.client();
      const res = await c.post('/api/centerAuth/user/changePassword', {
        json: {
          userName: 'mustchange1', oldPassword: await c.encrypt('Policy#2026x'),
          newPassword: await c.encrypt('Changed#2026x'), confirmPassword: await c.encrypt('Changed#2026x'),
        },
      });
      assert.equal(res.body.code, 200);
      const sms = await c.post('/api/centerAuth/sso/doLogin', { form: { phone: MUST_CHANGE_PHONE, code: await smsCode(MUST_CHANGE_PHONE), loginType: '1' } });
      assert.equal(sms.body.code, 200);
    });

    it('one SMS code signs in once, even for two requests at the same moment', async () => {
      const code = await smsCode(RACE_PHONE);
      // Different (ignored) names: the per-account queue does not line these two up.
      const [a, b] = [t.client(), t.client()];
      const answers = await Promise.all([
        a.post('/api/centerAuth/sso/doLogin', { form: { phone: RACE_PHONE, code, loginType: '1', name: 'one' } }),
        b.post('/api/centerAuth/sso/doLogin', { form: { phone: RACE_PHONE, code, loginType: '1', name: 'two' } }),
      ]);
      const codes = answers.map((answer) => answer.body.code).sort();
      assert.deepEqual(codes, [200, 'AU00110'].sort(), JSON.stringify(answers.map((x) => x.body)));
      assert.equal([a, b].filter((client) => client.cookies.has('sso_sid')).length, 1);
    });

    it('the store hands a code to exactly one of many parallel users', async () => {
      for (const purpose of ['login', 'register'] as const) {
        t.clock.advance(61_000);
        await t.ctx.sms.issue(RACE_PHONE, purpose, true);
        const code = t.lastSmsCode(RACE_PHONE)!;
        const results = await Promise.all(Array.from({ length: 6 }, () => t.ctx.sms.use(t.ctx.stores.sms, RACE_PHONE, purpose, code).then(() => true, () => false)));
        assert.equal(results.filter(Boolean).length, 1, `${purpose}: ${results.join(',')}`);
        assert.notEqual(await t.ctx.sms.verify(RACE_PHONE, purpose, code), 'ok', 'used up');
      }
    });

    it('loginByCode honours a safe callBack and sends a foreign one to /home', async () => {
      const login = (callBack: string) =>
        t.client().get(`/api/centerAuth/sso/WeCom/loginByCode?code=wc-zhang&ssoDomain=localhost&callBack=${encodeURIComponent(callBack)}`);
      assert.deepEqual((await login('http://localhost:5173/orders?id=7')).body.data, { username: 'zhangwei', redirect: 'http://localhost:5173/orders?id=7' });
      assert.deepEqual((await login('apps')).body.data, { username: 'zhangwei', redirect: '/apps' });
      assert.deepEqual((await login('https://evil.example.com/')).body.data, { username: 'zhangwei', redirect: '/home' });
    });
  });
}

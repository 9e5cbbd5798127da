// The /account page's calls (issue 21) on every storage mode: profile, a phone change proven by a
// code sent to the new phone, the session list with its devices, 退出 and 退出其他所有设备 (also
// ending a session that lives on another instance), and the last 20 sign-ins.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, Client, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { proveIdentity } from '../../helpers/recent-proof.ts';

const ZHANGWEI_PHONE = '13800000002';
const DEALER_PHONE = '13800000001';

for (const backend of testBackends()) {
  describe(`the account page (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { smsResendCooldownMs: 0 });
    });
    after(() => t.close());

    async function signedIn(agent: string, name: keyof typeof DEMO = 'zhangwei'): Promise<Client> {
      const c = t.client();
      const res = await c.login(name, DEMO[name], {});
      assert.equal(res.body.code, 200);
      // The login above carried no user agent; sign in once more as this browser.
      const again = await c.post('/api/centerAuth/sso/doLogin', {
        form: { name, pwd: await c.encrypt(DEMO[name]), loginType: '0' }, headers: { 'user-agent': agent },
      });
      assert.equal(again.body.code, 200);
      return c;
    }

    it('needs a session', async () => {
      for (const path of ['/api/account/profile', '/api/account/sessions', '/api/account/sign-ins']) {
        assert.equal((await t.client().get(path)).body.code, 'AU00300', path);
      }
    });

    it('shows the profile with the groups', async () => {
      const c = await signedIn('Profile/1.0');
      const { data } = (await c.get('/api/account/profile')).body;
      assert.equal(data.username, 'zhangwei');
      assert.equal(data.phone, ZHANGWEI_PHONE);
      assert.equal(data.kind, 'staff');
      assert.ok(data.groups.length > 0 && data.groups.every((g: { code: string; name: string }) => g.code && g.name));
    });

    it('changes the phone only with the code sent to the new phone', async () => {
      const c = await signedIn('Phone/1.0', 'dealer01');
      await proveIdentity(c, DEMO.dealer01);
      assert.deepEqual((await c.post('/api/account/phone/send', { json: { phone: DEALER_PHONE } })).body,
        { code: 'AU00122', errorCode: 'AU00122', msg: '新手机号与当前手机号相同', data: null });
      assert.equal((await c.post('/api/account/phone/send', { json: { phone: ZHANGWEI_PHONE } })).body.code, 'AU00121');
      const bad = await c.post('/api/account/phone/send', { json: { phone: '12345' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.msg, '请输入合法手机号');
      const fresh = '13900000077';
      assert.equal((await c.post('/api/account/phone/send', { json: { phone: fresh } })).body.code, 200);
      const code = t.lastSmsCode(fresh)!;
      const wrong = code === '000000' ? '111111' : '000000';
      assert.equal((await c.post('/api/account/phone', { json: { phone: fresh, code: wrong } })).body.code, 'AU00110');
      assert.deepEqual((await c.post('/api/account/phone', { json: { phone: fresh, code } })).body.data, { phone: fresh });
      assert.equal((await c.get('/api/account/profile')).body.data.phone, fresh);
      assert.equal((await c.post('/api/account/phone', { json: { phone: fresh, code } })).body.code, 'AU00122');
    });

    it('lists the sessions with their devices; 退出 ends one, 退出其他所有设备 the rest', async () => {
      const laptop = await signedIn('Laptop/1.0');
      const phone = await signedIn('Phone/2.0');
      const tablet = await signedIn('Tablet/3.0');
      const list = (await laptop.get('/api/account/sessions')).body.data as Array<{ id: string; current: boolean; userAgent: string; ip: string; apps: string[] }>;
      assert.ok(list.length >= 3);
      assert.equal(list[0]!.current, true);
      assert.equal(list[0]!.userAgent, 'Laptop/1.0');
      assert.ok(list[0]!.ip);
      const phoneSession = list.find((s) => s.userAgent === 'Phone/2.0')!;
      assert.equal((await laptop.post('/api/account/sessions/end', { json: { id: phoneSession.id } })).body.code, 200);
      assert.equal((await phone.get('/api/centerAuth/sso/isLogin')).body.data, false);
      assert.equal((await tablet.get('/api/centerAuth/sso/isLogin')).body.data, true);
      assert.deepEqual((await laptop.post('/api/account/sessions/end', { json: { id: phoneSession.id } })).body,
        { code: 'AU00180', errorCode: 'AU00180', msg: '该会话已结束', data: null });
      // Another account's session is not this account's to end.
      const other = await signedIn('Other/1.0', 'dealer01');
      const otherId = ((await other.get('/api/account/sessions')).body.data as Array<{ id: string }>)[0]!.id;
      assert.equal((await laptop.post('/api/account/sessions/end', { json: { id: otherId } })).body.code, 'AU00180');
      assert.equal((await other.get('/api/centerAuth/sso/isLogin')).body.data, true);

      const ended = await laptop.post('/api/account/sessions/end-others', { json: {} });
      assert.equal(ended.body.code, 200);
      assert.ok(ended.body.data.ended >= 1);
      assert.equal((await tablet.get('/api/centerAuth/sso/isLogin')).body.data, false);
      assert.equal((await laptop.get('/api/centerAuth/sso/isLogin')).body.data, true, 'this device stays signed in');
      assert.equal(((await laptop.get('/api/account/sessions')).body.data as unknown[]).length, 1);
    });

    it('shows the last 20 sign-ins, newest first, failures included', async () => {
      const c = t.client();
      await c.login('zhangwei', 'Wrong@2026pwd');
      const signIn = await signedIn('Audit/1.0');
      void c;
      const rows = (await signIn.get('/api/account/sign-ins')).body.data as Array<{ at: number; method: string; result: string; ip: string }>;
      assert.ok(rows.length <= 20 && rows.length >= 3);
      assert.equal(rows[0]!.result, 'success');
      assert.ok(rows.some((r) => r.result === 'bad_credentials'));
      for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1]!.at >= rows[i]!.at);
    });

    if (backend.name !== 'sqlite') {
      it('ends a session that another instance serves', async () => {
        const other = await buildTestApp(backend, {
          smsResendCooldownMs: 0, databaseSchema: t.config.databaseSchema, redisKeyPrefix: t.config.redisKeyPrefix, sm2KeyFile: t.config.sm2KeyFile,
        });
        try {
          const onOther = new Client(other.app, 'localhost');
          assert.equal((await onOther.login('zhangwei', DEMO.zhangwei)).body.code, 200);
          const here = await signedIn('Here/1.0');
          const sessions = (await here.get('/api/account/sessions')).body.data as Array<{ id: string; current: boolean }>;
          assert.ok(sessions.length >= 2, 'the other instance\'s session is listed');
          assert.equal((await here.post('/api/account/sessions/end-others', { json: {} })).body.code, 200);
          assert.equal((await onOther.get('/api/centerAuth/sso/isLogin')).body.data, false);
        } finally {
          await other.close();
        }
      });
    }
  });
}

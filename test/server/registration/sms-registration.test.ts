// SMS codes (login and registration), mobile login, registration, and the user look-up:
// cooldown, daily cap, expiry, no code in any answer, uniqueness rules, rate limit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, noonInChinaAfter, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { smsOutbox } from '../../helpers/sms-outbox.ts';

const refusal = (code: string, msg: string) => ({ code, errorCode: code, msg, data: null });
const OK_NULL = { code: 200, msg: 'success', data: null };

for (const backend of testBackends()) {
  describe(`SMS, mobile login and registration (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { smsDailyCap: 3, userLookupPerMinute: 5 });
      t.clock.current = noonInChinaAfter(t.clock.current);
    });
    after(() => t.close());

    it('sends a 6-digit login code to a registered phone through the outbox, never in the answer', async () => {
      const res = await t.client().get('/api/centerAuth/msg/login/send?phone=13800000001');
      assert.deepEqual(res.body, OK_NULL);
      const code = t.lastSmsCode('13800000001');
      assert.match(code ?? '', /^\d{6}$/);
      assert.doesNotMatch(JSON.stringify(res.headers), new RegExp(code!));
      const line = smsOutbox(t.config.smsOutboxPath).at(-1)!;
      assert.deepEqual(Object.keys(line).sort(), ['at', 'code', 'phone', 'purpose']);
      assert.equal(line.purpose, 'login');
    });

    it('answers the same for an unregistered phone, without sending anything', async () => {
      const res = await t.client().get('/api/centerAuth/msg/login/send?phone=13900000077');
      assert.deepEqual(res.body, OK_NULL);
      assert.equal(t.lastSmsCode('13900000077'), null);
    });

    it('refuses a resend within 60 s, and caps the day', async () => {
      const c = t.client();
      const again = await c.get('/api/centerAuth/msg/login/send?phone=13800000001');
      assert.deepEqual(again.body, refusal('AU00111', '验证码发送过于频繁，请稍后再试'));
      t.clock.advance(61_000);
      assert.deepEqual((await c.get('/api/centerAuth/msg/login/send?phone=13800000001')).body, OK_NULL);
      t.clock.advance(61_000);
      assert.deepEqual((await c.get('/api/centerAuth/msg/login/send?phone=13800000001')).body, OK_NULL);
      t.clock.advance(61_000);
      assert.deepEqual((await c.get('/api/centerAuth/msg/login/send?phone=13800000001')).body,
        refusal('AU00112', '今日验证码发送次数已达上限，请明天再试'));
    });

    it('the resend cooldown is per phone and purpose: a login code right after the registration code, not two login codes', async () => {
      const fresh = await buildTestApp(backend, { smsDailyCap: 3 });
      fresh.clock.current = noonInChinaAfter(fresh.clock.current);
      try {
        const c = fresh.client();
        const phone = '13900000055';
        assert.deepEqual((await c.get(`/api/admin/mobile/${phone}`)).body, OK_NULL);
        const registerCode = fresh.lastSmsCode(phone)!;
        assert.match(registerCode, /^\d{6}$/);
        const res = await c.post('/api/admin/register/user', {
          json: { username: 'cooldown55', phone, smsCode: registerCode, password: await c.encrypt('Dealer#2026cool') },
        });
        assert.equal(res.body.code, 200);
        assert.deepEqual((await c.get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body, OK_NULL, 'login code at once');
        const loginCode = fresh.lastSmsCode(phone)!;
        assert.match(loginCode, /^\d{6}$/);
        const line = smsOutbox(fresh.config.smsOutboxPath).at(-1)!;
        assert.equal(line.purpose, 'login');
        fresh.clock.advance(30_000);
        assert.deepEqual((await c.get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body,
          refusal('AU00111', '验证码发送过于频繁，请稍后再试'), 'two login codes within 60 s');
        assert.deepEqual((await c.get(`/api/admin/mobile/13900000056`)).body, OK_NULL);
        assert.deepEqual((await c.get(`/api/admin/mobile/13900000056`)).body,
          refusal('AU00111', '验证码发送过于频繁，请稍后再试'), 'two registration codes within 60 s');
        fresh.clock.advance(31_000);
        assert.deepEqual((await c.get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body, OK_NULL);
        fresh.clock.advance(61_000);
        assert.deepEqual((await c.get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body,
          refusal('AU00112', '今日验证码发送次数已达上限，请明天再试'), 'the daily cap still counts both purposes');
      } finally {
        await fresh.close();
      }
    });

    it('parallel sends for every purpose never pass the daily cap together', async () => {
      const fresh = await buildTestApp(backend, { smsDailyCap: 2 });
      try {
        // A phone with no account: the login and reset sends count without delivering (no
        // enumeration), the registration send delivers. Each purpose has its own cooldown, so only
        // the daily cap stands between these three parallel sends.
        const phone = '13900000077';
        const c = fresh.client();
        const answers = await Promise.all([
          c.get(`/api/centerAuth/msg/login/send?phone=${phone}`),
          c.get(`/api/centerAuth/msg/resetPassword/send?phone=${phone}`),
          c.get(`/api/admin/mobile/${phone}`),
        ]);
        const codes = answers.map((a) => a.body.code).sort();
        assert.deepEqual(codes, [200, 200, 'AU00112'], JSON.stringify(answers.map((a) => a.body)));
      } finally {
        await fresh.close();
      }
    });

    it('refuses an invalid phone with 请输入合法手机号', async () => {
      for (const url of ['/api/centerAuth/msg/login/send?phone=12345', '/api/centerAuth/msg/login/send?phone=138****0001', '/api/admin/mobile/2380000000']) {
        const res = await t.client().get(url);
        assert.equal(res.status, 400, url);
        assert.deepEqual(res.body, { code: 400, msg: '请输入合法手机号', data: null }, url);
      }
      const missing = await t.client().get('/api/centerAuth/msg/login/send');
      assert.equal(missing.body.msg, '缺少参数 phone');
    });

    it('mobile login: the right code logs dealer01 in once; wrong, reused and expired codes are refused', async () => {
      const c = t.client();
      const code = t.lastSmsCode('13800000001')!;
      const wrong = code === '000000' ? '000001' : '000000';
      const bad = await c.post('/api/centerAuth/sso/doLogin', { form: { phone: '13800000001', code: wrong, loginType: '1' } });
      assert.deepEqual(bad.body, refusal('AU00110', '验证码错误或已过期'));
      const good = await c.post('/api/centerAuth/sso/doLogin', { form: { phone: '13800000001', code, loginType: '1' } });
      assert.deepEqual(good.body.data, { username: 'dealer01', redirect: '/home' });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      const reused = await t.client().post('/api/centerAuth/sso/doLogin', { form: { phone: '13800000001', code, loginType: '1' } });
      assert.equal(reused.body.code, 'AU00110');
      t.clock.advance(24 * 3600_000);
      await t.client().get('/api/centerAuth/msg/login/send?phone=13800000001');
      const fresh = t.lastSmsCode('13800000001')!;
      t.clock.advance(5 * 60_000 + 1000);
      const late = await t.client().post('/api/centerAuth/sso/doLogin', { form: { phone: '13800000001', code: fresh, loginType: '1' } });
      assert.equal(late.body.code, 'AU00110', 'a code is valid for 5 minutes');
      const audit = await t.ctx.stores.audit.listLoginAudit(50);
      assert.ok(audit.some((a) => a.method === 'mobile' && a.result === 'success' && a.username === 'dealer01'));
    });

    it('a code stops working after five wrong tries (burned: AU00113, even for the right digits)', async () => {
      t.clock.advance(24 * 3600_000);
      await t.client().get('/api/centerAuth/msg/login/send?phone=13800000002');
      const code = t.lastSmsCode('13800000002')!;
      const wrong = code === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i++) await t.client().post('/api/centerAuth/sso/doLogin', { form: { phone: '13800000002', code: wrong, loginType: '1' } });
      const res = await t.client().post('/api/centerAuth/sso/doLogin', { form: { phone: '13800000002', code, loginType: '1' } });
      assert.deepEqual(res.body, refusal('AU00113', '验证码错误次数过多，已失效，请重新获取验证码'));
    });

    it('/admin/mobile/{phone} refuses a registered phone with 手机号已经存在', async () => {
      const res = await t.client().get('/api/admin/mobile/13800000001');
      assert.deepEqual(res.body, refusal('AU00121', '手机号已经存在'));
    });

    it('registers a new user with an SMS code and an encrypted password', async () => {
      const c = t.client();
      assert.deepEqual((await c.get('/api/admin/mobile/13900000001')).body, OK_NULL);
      const smsCode = t.lastSmsCode('13900000001')!;
      const res = await c.post('/api/admin/register/user', {
        json: { username: 'newdealer7', phone: '13900000001', smsCode, password: await c.encrypt('Dealer#2026seven') },
      });
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'newdealer7' } });
      assert.equal((await c.login('newdealer7', 'Dealer#2026seven')).body.code, 200);
      const details = await c.get('/api/admin/user/details?username=newdealer7');
      assert.deepEqual(details.body.data, { taken: true });
    });

    it('registration refusals: taken name, taken phone, bad code, weak password, bad username', async () => {
      const c = t.client();
      t.clock.advance(61_000);
      await c.get('/api/admin/mobile/13900000002');
      const smsCode = t.lastSmsCode('13900000002')!;
      const pwd = await c.encrypt('Dealer#2026eight');
      const post = (body: Record<string, string>) =>
        c.post('/api/admin/register/user', { json: { username: 'dealer8', phone: '13900000002', smsCode, password: pwd, ...body } });
      assert.deepEqual((await post({ username: 'zhangwei' })).body, refusal('AU00120', '用户名已经存在'));
      // The code is checked first (issue 13): a taken phone without its code answers like a wrong code.
      assert.deepEqual((await post({ phone: '13800000001' })).body, refusal('AU00110', '验证码错误或已过期'));
      assert.deepEqual((await post({ smsCode: smsCode === '999999' ? '999998' : '999999' })).body, refusal('AU00110', '验证码错误或已过期'));
      assert.equal((await post({ password: await c.encrypt('weakpass') })).body.code, 'AU00103');
      const upper = await post({ username: 'Dealer8' });
      assert.equal(upper.status, 400);
      assert.deepEqual(upper.body, { code: 400, msg: '用户名支持小写英文、数字', data: null });
      assert.equal((await c.get('/api/admin/user/details?username=dealer8')).body.data, null, 'nothing was created');
      assert.equal((await post({})).body.code, 200, 'the code still works after the refusals');
    });

    it('user/details answers data or null, needs exactly one of username / phone, and is rate-limited', async () => {
      const fresh = await buildTestApp(backend, { userLookupPerMinute: 4 });
      try {
        const c = fresh.client();
        assert.deepEqual((await c.get('/api/admin/user/details?phone=13800000001')).body, { code: 200, msg: 'success', data: { taken: true } });
        assert.deepEqual((await c.get('/api/admin/user/details?username=ghost')).body, OK_NULL);
        const both = await c.get('/api/admin/user/details?username=a&phone=13800000001');
        assert.equal(both.status, 400);
        assert.equal(both.body.msg, '请提供 username 或 phone 其中之一');
        await c.get('/api/admin/user/details?username=x');
        const limited = await c.get('/api/admin/user/details?username=y');
        assert.equal(limited.status, 429);
        assert.deepEqual(limited.body, { code: 429, msg: '请求过于频繁，请稍后再试', data: null });
      } finally {
        await fresh.close();
      }
    });
  });
}

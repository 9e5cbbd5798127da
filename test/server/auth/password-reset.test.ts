// 忘记密码 (docs/api-contract.md, our extension): reset code by SMS, then resetPassword. Success
// ends the account's sessions (announced to the session listeners) and clears the lockout; wrong,
// expired and burned codes; the try cap under parallel requests; rate limits; the same answers
// for a phone without an account; the change-password rules. Every storage mode.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';

const refusal = (code: string, msg: string) => ({ code, errorCode: code, msg, data: null });
const OK_NULL = { code: 200, msg: 'success', data: null };
const BAD_CODE = refusal('AU00110', '验证码错误或已过期');
const BURNED = refusal('AU00113', '验证码错误次数过多，已失效，请重新获取验证码');
const SEND = '/api/centerAuth/msg/resetPassword/send';
const RESET = '/api/centerAuth/user/resetPassword';

async function reset(c: Client, phone: string, code: string, newPassword: string, confirmPassword = newPassword) {
  return c.post(RESET, { json: { phone, code, newPassword: await c.encrypt(newPassword), confirmPassword: await c.encrypt(confirmPassword) } });
}

/** A number no seeded account has, different per test so cooldowns do not meet. */
let nextStranger = 13911110000;
const stranger = () => String(nextStranger++);

for (const backend of testBackends()) {
  describe(`password reset by SMS (${backend.name})`, () => {
    let t: TestApp;
    const ended: string[] = [];
    before(async () => {
      t = await buildTestApp(backend);
      t.ctx.sessions.onEnd(async (idHash) => {
        ended.push(idHash);
      });
    });
    after(() => t.close());

    it('success: the new password signs in, the old one not; the sessions end (listeners told); the lockout is cleared', async () => {
      const phone = '13800000001';
      const signedIn = t.client();
      assert.equal((await signedIn.login('dealer01', DEMO.dealer01)).body.code, 200);
      assert.equal((await signedIn.get('/api/centerAuth/sso/isLogin')).body.data, true);
      // Five wrong passwords lock the name (423) before the reset.
      const stranger = t.client();
      for (let i = 0; i < 5; i++) await stranger.login('dealer01', `Wrong@2026${i}`);
      assert.equal((await stranger.login('dealer01', DEMO.dealer01)).status, 423);

      const c = t.client();
      assert.deepEqual((await c.get(`${SEND}?phone=${phone}`)).body, OK_NULL);
      const code = t.lastSmsCode(phone)!;
      assert.match(code, /^\d{6}$/);
      const endedBefore = ended.length;
      assert.deepEqual((await reset(c, phone, code, 'Reset#2026dealer')).body, OK_NULL);

      assert.equal((await signedIn.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the old session is gone');
      assert.ok(ended.length > endedBefore, 'the session listeners (single logout) heard of the ended session');
      assert.equal((await t.client().login('dealer01', DEMO.dealer01)).body.code, 'AU00100', 'the old password is gone');
      assert.equal((await t.client().login('dealer01', 'Reset#2026dealer')).body.code, 200, 'no 423: the lockout was cleared');
      assert.deepEqual((await reset(c, phone, code, 'Again#2026dealer')).body, BAD_CODE, 'the code was used up');
    });

    it('a wrong code is refused and the right one still works afterwards', async () => {
      const phone = '13800000002';
      const c = t.client();
      assert.deepEqual((await c.get(`${SEND}?phone=${phone}`)).body, OK_NULL);
      const code = t.lastSmsCode(phone)!;
      const wrong = code === '000000' ? '111111' : '000000';
      assert.deepEqual((await reset(c, phone, wrong, 'Reset#2026zhang')).body, BAD_CODE);
      assert.deepEqual((await reset(c, phone, code, 'Reset#2026zhang')).body, OK_NULL);
      assert.equal((await t.client().login('zhangwei', 'Reset#2026zhang')).body.code, 200);
    });

    it('an expired code is refused (5 minutes)', async () => {
      const phone = '13800000002';
      t.clock.advance(61_000);
      const c = t.client();
      assert.deepEqual((await c.get(`${SEND}?phone=${phone}`)).body, OK_NULL);
      const code = t.lastSmsCode(phone)!;
      t.clock.advance(5 * 60_000 + 1000);
      assert.deepEqual((await reset(c, phone, code, 'Late#2026zhang')).body, BAD_CODE);
      assert.equal((await t.client().login('zhangwei', 'Late#2026zhang')).body.code, 'AU00100');
    });

    it('the password rules of changePassword apply; a refused password keeps the code', async () => {
      const phone = '13800000002';
      t.clock.advance(61_000);
      const c = t.client();
      await c.get(`${SEND}?phone=${phone}`);
      const code = t.lastSmsCode(phone)!;
      assert.deepEqual((await reset(c, phone, code, 'Other#2026zhang', 'Other#2026zhanG')).body, refusal('AU00102', '两次输入的新密码不一致'));
      assert.deepEqual((await reset(c, phone, code, 'short1A')).body,
        refusal('AU00103', '密码需为8-64位，且至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含空格'));
      assert.deepEqual((await reset(c, phone, code, 'Zhangwei@2026')).body, refusal('AU00103', '密码不能包含用户名'));
      assert.deepEqual((await reset(c, phone, code, 'Passw0rd!')).body.code, 'AU00103', 'a common password');
      assert.deepEqual((await reset(c, phone, code, 'Reset#2026zhang')).body, refusal('AU00104', '新密码不能与当前密码相同'));
      assert.deepEqual((await reset(c, phone, code, 'Better#2026zhang')).body, OK_NULL);
    });

    it('parallel tries: no more than five are compared, then the code is burned even for the right digits', async () => {
      const phone = '13800000002';
      t.clock.advance(61_000);
      const c = t.client();
      await c.get(`${SEND}?phone=${phone}`);
      const code = t.lastSmsCode(phone)!;
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => reset(t.client(), phone, wrong(i), 'Parallel#2026zw')));
      const codes = answers.map((a) => a.body.code).sort();
      assert.deepEqual(codes, ['AU00110', 'AU00110', 'AU00110', 'AU00110', 'AU00110', 'AU00113', 'AU00113', 'AU00113']);
      assert.deepEqual((await reset(c, phone, code, 'Parallel#2026zw')).body, BURNED);
    });

    it('parallel resets with the one right code: exactly one succeeds', async () => {
      const phone = '13800000002';
      t.clock.advance(61_000);
      await t.client().get(`${SEND}?phone=${phone}`);
      const code = t.lastSmsCode(phone)!;
      const answers = await Promise.all([0, 1, 2].map((i) => reset(t.client(), phone, code, `Twice#2026zw${i}`)));
      assert.equal(answers.filter((a) => a.body.code === 200).length, 1);
      assert.equal(answers.filter((a) => a.body.code === 'AU00110').length, 2);
    });

    it('no enumeration: a phone without an account gets the same answers (send, cooldown, reset)', async () => {
      const known = '13800000002';
      const unknown = stranger();
      t.clock.advance(61_000);
      const c = t.client();
      const sentKnown = await c.get(`${SEND}?phone=${known}`);
      const sentUnknown = await c.get(`${SEND}?phone=${unknown}`);
      assert.deepEqual(sentUnknown.body, sentKnown.body);
      assert.deepEqual(sentUnknown.body, OK_NULL);
      assert.equal(t.lastSmsCode(unknown), null, 'nothing is sent to a phone without an account');
      assert.deepEqual((await c.get(`${SEND}?phone=${unknown}`)).body, (await c.get(`${SEND}?phone=${known}`)).body, 'the cooldown for both');
      const knownCode = t.lastSmsCode(known)!;
      const guess = knownCode === '123456' ? '654321' : '123456';
      assert.deepEqual((await reset(c, unknown, guess, 'Nobody#2026x')).body, (await reset(c, known, guess, 'Nobody#2026x')).body);
      assert.deepEqual((await reset(c, unknown, guess, 'Nobody#2026x')).body, BAD_CODE);
    });

    it('refuses plaintext passwords and malformed phones and codes with 400, and needs the XSRF header', async () => {
      const c = t.client();
      const plain = await c.post(RESET, { json: { phone: '13800000002', code: '123456', newPassword: 'Plain#2026x', confirmPassword: 'Plain#2026x' } });
      assert.equal(plain.status, 400);
      assert.equal(plain.body.msg, '密码格式不正确，请刷新页面后重试');
      const phone = await c.post(RESET, { json: { phone: '12345', code: '123456', newPassword: await c.encrypt('A#2026aaaa'), confirmPassword: await c.encrypt('A#2026aaaa') } });
      assert.equal(phone.body.msg, '请输入合法手机号');
      const code = await c.post(RESET, { json: { phone: '13800000002', code: '12', newPassword: await c.encrypt('A#2026aaaa'), confirmPassword: await c.encrypt('A#2026aaaa') } });
      assert.equal(code.body.msg, '请输入6位数字验证码');
      assert.equal((await c.get(`${SEND}?phone=13800000002`, { xsrf: false })).status, 403);
      assert.equal((await c.post(RESET, { json: {}, xsrf: false })).status, 403);
    });
  });

  describe(`password reset rate limits (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { smsResendCooldownMs: 0, smsPerPhonePerHour: 2, loginPerAccountPerMinute: 3 });
    });
    after(() => t.close());

    it('sending is limited per phone and hour, for a phone with or without an account alike', async () => {
      for (const phone of ['13800000001', stranger()]) {
        const c = t.client();
        assert.deepEqual((await c.get(`${SEND}?phone=${phone}`)).body, OK_NULL);
        assert.deepEqual((await c.get(`${SEND}?phone=${phone}`)).body, OK_NULL);
        const third = await c.get(`${SEND}?phone=${phone}`);
        assert.equal(third.status, 429, phone);
        assert.equal(third.body.msg, '请求过于频繁，请稍后再试');
      }
    });

    it('reset tries are limited per phone and minute, whatever the client', async () => {
      const phone = stranger();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await reset(t.client(), phone, '123456', 'Limit#2026xyz')).status);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    });
  });
}

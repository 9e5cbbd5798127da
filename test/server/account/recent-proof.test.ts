// Issue 31, point 4: the account page's security changes need a proof of identity from the last
// 5 minutes (the password, or a code of the authenticator app), recorded on the session on the
// server. Without it each change answers AU00181 and changes nothing; the proof is the session's
// own (another session of the same account still has to give one) and lapses after 5 minutes.
// The old phone gets an SMS notice of a phone change; removing the last passkey ends the
// account's other sessions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { smsOutbox } from '../../helpers/sms-outbox.ts';
import { proveIdentity } from '../../helpers/recent-proof.ts';
import { codeAt } from '../../../server/mfa/totp.ts';

const NEED_PROOF = '为保护您的账号，请先验证身份：输入登录密码或身份验证器中的动态验证码';
const REAUTH = '/api/account/reauth';

for (const backend of testBackends()) {
  describe(`recent proof of identity on the account page (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { smsResendCooldownMs: 0, lockoutMaxFailures: 5 });
    });
    after(() => t.close());

    async function signedIn(name: keyof typeof DEMO): Promise<Client> {
      const c = t.client();
      assert.equal((await c.login(name, DEMO[name])).body.code, 200);
      return c;
    }

    /** Every security change, each refused with AU00181 and its data. */
    async function assertAllRefused(c: Client, totpEnabled: boolean): Promise<void> {
      const calls: [string, unknown][] = [
        ['/api/account/phone/send', { phone: '13900000123' }],
        ['/api/account/phone', { phone: '13900000123', code: '123456' }],
        ['/api/account/totp/start', {}],
        ['/api/account/totp/confirm', { code: '123456' }],
        ['/api/account/passkeys/options', {}],
        ['/api/account/passkeys/add', { handle: 'x'.repeat(43), name: '电脑', response: { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} } }],
      ];
      for (const [path, json] of calls) {
        const answer = await c.post(path, { json });
        assert.deepEqual(answer.body, { code: 'AU00181', errorCode: 'AU00181', msg: NEED_PROOF, data: { totpEnabled } }, path);
      }
    }

    it('refuses every security change of a live session without a proof, and changes nothing', async () => {
      const c = await signedIn('zhangwei');
      await assertAllRefused(c, false);
      assert.equal(smsOutbox(t.config.smsOutboxPath).filter((m) => m.phone === '13900000123').length, 0, 'no code sent');
      assert.deepEqual((await c.get('/api/account/security')).body.data, { totpEnabled: false, recoveryCodesLeft: 0, mfaRequired: false });
    });

    it('takes the password: the changes go through for 5 minutes on this session only, then ask again', async () => {
      const c = await signedIn('zhangwei');
      const other = await signedIn('zhangwei');
      const wrong = await c.post(REAUTH, { json: { password: await c.encrypt('Wrong@2026pass') } });
      assert.deepEqual(wrong.body, { code: 'AU00107', errorCode: 'AU00107', msg: '当前密码错误', data: null });
      await assertAllRefused(c, false);
      const right = await c.post(REAUTH, { json: { password: await c.encrypt(DEMO.zhangwei) } });
      assert.equal(right.body.code, 200);
      assert.equal(right.body.data.until, t.clock.now() + 5 * 60_000);
      assert.equal((await c.post('/api/account/totp/start', { json: {} })).body.code, 200);
      assert.equal((await c.post('/api/account/passkeys/options', { json: {} })).body.code, 200);
      // Another session of the same account has proved nothing.
      await assertAllRefused(other, false);
      t.clock.advance(5 * 60_000 + 1);
      await assertAllRefused(c, false);
    });

    it('counts wrong passwords toward the lockout: the fifth locks the account (423)', async () => {
      const c = await signedIn('admin');
      for (let i = 0; i < 4; i++) assert.equal((await c.post(REAUTH, { json: { password: await c.encrypt(`Wrong@2026no${i}`) } })).body.code, 'AU00107');
      const fifth = await c.post(REAUTH, { json: { password: await c.encrypt('Wrong@2026no5') } });
      assert.equal(fifth.status, 423);
      assert.equal((await c.post(REAUTH, { json: { password: await c.encrypt(DEMO.admin) } })).status, 423, 'even the right one waits');
      assert.equal((await t.client().login('admin', DEMO.admin)).status, 423, 'the sign-in is locked too');
      t.clock.advance(60 * 60_000);
    });

    it('takes a code of the authenticator app instead, once', async () => {
      const c = await signedIn('dealer01');
      await proveIdentity(c, DEMO.dealer01);
      const { secret } = (await c.post('/api/account/totp/start', { json: {} })).body.data as { secret: string };
      assert.equal((await c.post('/api/account/totp/confirm', { json: { code: codeAt(secret, t.clock.now()) } })).body.code, 200);
      t.clock.advance(5 * 60_000 + 30_000);
      // The password alone no longer signs in; a new session after both factors.
      const d = t.client();
      const step = await d.login('dealer01', DEMO.dealer01);
      assert.equal(step.body.code, 'AU00170');
      assert.equal((await d.post('/api/centerAuth/sso/mfa/verify', { json: { challenge: step.body.data.challenge, code: codeAt(secret, t.clock.now()) } })).body.code, 200);
      await assertAllRefused(d, true);
      t.clock.advance(30_000);
      const code = codeAt(secret, t.clock.now());
      assert.equal((await d.post(REAUTH, { json: { code } })).body.code, 200);
      assert.equal((await d.post('/api/account/passkeys/options', { json: {} })).body.code, 200);
      assert.equal((await c.post(REAUTH, { json: { code } })).body.code, 'AU00172', 'a code proves once');
    });

    it('sends the old phone a notice when the phone changes', async () => {
      const c = await signedIn('zhangwei');
      const before = (await c.get('/api/account/profile')).body.data.phone as string;
      await proveIdentity(c, DEMO.zhangwei);
      const fresh = '13900000456';
      assert.equal((await c.post('/api/account/phone/send', { json: { phone: fresh } })).body.code, 200);
      assert.deepEqual((await c.post('/api/account/phone', { json: { phone: fresh, code: t.lastSmsCode(fresh)! } })).body.data, { phone: fresh });
      const notices = smsOutbox(t.config.smsOutboxPath).filter((m) => m.phone === before && m.purpose === 'phone_changed');
      assert.equal(notices.length, 1);
      assert.equal((notices[0] as { text?: string }).text, '【统一登录】您账号绑定的手机号已更换为 139****0456。如非本人操作，请立即联系管理员。');
      assert.equal(t.lastSmsCode(before), null, 'a notice carries no code');
    });

    it('notifies the account\'s phone of an authenticator app added and of a password change (ASVS 2.2.3)', async () => {
      const c = await signedIn('admin');
      const phone = '13900000789';
      await proveIdentity(c, DEMO.admin);
      assert.equal((await c.post('/api/account/phone/send', { json: { phone } })).body.code, 200);
      assert.equal((await c.post('/api/account/phone', { json: { phone, code: t.lastSmsCode(phone)! } })).body.code, 200);
      const start = await c.post('/api/account/totp/start', { json: {} });
      assert.equal(start.body.code, 200, JSON.stringify(start.body));
      assert.equal((await c.post('/api/account/totp/confirm', { json: { code: codeAt(start.body.data.secret, t.clock.now()) } })).body.code, 200);
      const changed = await c.post('/api/centerAuth/user/changePassword', {
        json: { userName: 'admin', oldPassword: await c.encrypt(DEMO.admin), newPassword: await c.encrypt('Fresh@2026pass'), confirmPassword: await c.encrypt('Fresh@2026pass') },
      });
      assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
      const notices = smsOutbox(t.config.smsOutboxPath).filter((m) => m.phone === phone && m.code === undefined).map((m) => [m.purpose, m.text]);
      assert.deepEqual(notices, [
        ['factor_added', '【统一登录】您的账号已添加新的登录验证方式（身份验证器）。如非本人操作，请立即联系管理员。'],
        ['password_changed', '【统一登录】您账号的登录密码已修改。如非本人操作，请立即联系管理员。'],
      ]);
    });

    it('removing the last passkey ends the account\'s other sessions; removing one of two does not', async () => {
      const c = await signedIn('zhangwei');
      const other = await signedIn('zhangwei');
      const { id: userId } = (await t.ctx.stores.users.findUserByName('zhangwei'))!;
      for (const id of ['pk-one', 'pk-two']) {
        assert.ok(await t.ctx.stores.passkeys.add({ id, userId, publicKey: 'AAAA', counter: 0, transports: [], name: id, createdAt: t.clock.now(), lastUsedAt: null }));
      }
      assert.equal((await c.post('/api/account/passkeys/remove', { json: { id: 'pk-one' } })).body.code, 200);
      assert.equal((await other.get('/api/centerAuth/sso/isLogin')).body.data, true, 'one passkey is left');
      assert.equal((await c.post('/api/account/passkeys/remove', { json: { id: 'pk-two' } })).body.code, 200);
      assert.equal((await other.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the other session ended');
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true, 'this one goes on');
    });
  });
}

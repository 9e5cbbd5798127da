// The TOTP second factor (issue 21) on every storage mode, with the server's clock under test
// control: enrolment on the account's own calls, the sign-in's second step, replay, recovery
// codes, the shared lockout, an expired challenge, removal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { codeAt } from '../../../server/mfa/totp.ts';
import { compose, openDatabase } from '../../../server/compose.ts';
import { hashOf, normaliseRecoveryCode } from '../../../server/mfa/mfa-store.ts';
import { proveIdentity } from '../../helpers/recent-proof.ts';

const VERIFY = '/api/centerAuth/sso/mfa/verify';

for (const backend of testBackends()) {
  describe(`TOTP second factor (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { lockoutMaxFailures: 5 });
    });
    after(() => t.close());
    const secrets = new Map<string, string>();
    const recoveryLeft = new Map<string, string[]>();

    async function enrol(name: keyof typeof DEMO): Promise<{ secret: string; recoveryCodes: string[] }> {
      const c = t.client();
      assert.equal((await c.login(name, DEMO[name])).body.code, 200);
      await proveIdentity(c, DEMO[name]);
      const start = await c.post('/api/account/totp/start', { json: {} });
      assert.equal(start.body.code, 200, JSON.stringify(start.body));
      const { secret, uri, qrSvg } = start.body.data as { secret: string; uri: string; qrSvg: string };
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.match(uri, /^otpauth:\/\/totp\//);
      assert.match(qrSvg, /^<svg/);
      const pending = await c.get('/api/account/security');
      assert.equal(pending.body.data.totpEnabled, false, 'a pending secret is no factor');
      // The key is sealed in the database: a copy of the table hands out no codes.
      const { db } = await openDatabase(t.config);
      try {
        const stored = await db.selectFrom('totp_factors').select('secret').execute();
        assert.ok(stored.length > 0 && stored.every((row) => !row.secret.includes(secret) && row.secret.startsWith('v1.')), 'sealed at rest');
      } finally {
        await db.destroy();
      }
      const wrong = await c.post('/api/account/totp/confirm', { json: { code: codeAt(secret, t.clock.now() + 5 * 60_000) } });
      assert.deepEqual(wrong.body, { code: 'AU00171', errorCode: 'AU00171', msg: '动态验证码错误，请重新输入', data: null });
      const confirmed = await c.post('/api/account/totp/confirm', { json: { code: codeAt(secret, t.clock.now()) } });
      assert.equal(confirmed.body.code, 200);
      const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
      assert.equal(recoveryCodes.length, 10);
      assert.equal(new Set(recoveryCodes).size, 10);
      assert.deepEqual((await c.get('/api/account/security')).body.data, { totpEnabled: true, recoveryCodesLeft: 10, mfaRequired: false });
      // The code that confirmed it is used up: signing in needs the next step's code.
      t.clock.advance(30_000);
      secrets.set(name, secret);
      return { secret, recoveryCodes };
    }

    async function passwordStep(c: Client, name: keyof typeof DEMO, extra: Record<string, string> = {}): Promise<string> {
      const res = await c.login(name, DEMO[name], extra);
      assert.equal(res.body.code, 'AU00170', JSON.stringify(res.body));
      assert.equal(res.body.msg, '请输入身份验证器中的 6 位动态验证码');
      assert.equal(res.body.data.step, 'verify');
      assert.equal(res.cookies.find((k) => k.name === 'sso_sid'), undefined, 'no session after the password alone');
      return res.body.data.challenge as string;
    }

    it('signs in with a code after the password; the same code again is refused; the next step works', async () => {
      const { secret } = await enrol('zhangwei');
      const c = t.client();
      const challenge = await passwordStep(c, 'zhangwei', { callBack: '/home' });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
      const code = codeAt(secret, t.clock.now());
      const res = await c.post(VERIFY, { json: { challenge, code } });
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      assert.deepEqual((await c.post(VERIFY, { json: { challenge, code } })).body.code, 'AU00173', 'a challenge finishes one sign-in');

      const other = t.client();
      const again = await other.post(VERIFY, { json: { challenge: await passwordStep(other, 'zhangwei'), code } });
      assert.deepEqual(again.body, { code: 'AU00172', errorCode: 'AU00172', msg: '该动态验证码已使用过，请等待身份验证器显示下一个验证码', data: null });
      // 20 s later the same code is still within its ±1 step, and still refused.
      t.clock.advance(20_000);
      const challenge2 = await passwordStep(other, 'zhangwei');
      assert.equal((await other.post(VERIFY, { json: { challenge: challenge2, code } })).body.code, 'AU00172');
      t.clock.advance(30_000);
      const next = await other.post(VERIFY, { json: { challenge: challenge2, code: codeAt(secret, t.clock.now()) } });
      assert.equal(next.body.code, 200);
    });

    it('a recovery code works once, whatever its case and dashes', async () => {
      const { recoveryCodes } = await enrol('dealer01');
      const c = t.client();
      const first = await c.post(VERIFY, { json: { challenge: await passwordStep(c, 'dealer01'), recoveryCode: recoveryCodes[0]!.toUpperCase().replace('-', ' ') } });
      assert.equal(first.body.code, 200);
      const d = t.client();
      const reused = await d.post(VERIFY, { json: { challenge: await passwordStep(d, 'dealer01'), recoveryCode: recoveryCodes[0]! } });
      assert.deepEqual(reused.body, { code: 'AU00174', errorCode: 'AU00174', msg: '恢复码错误或已使用过', data: null });
      assert.equal((await c.get('/api/account/security')).body.data.recoveryCodesLeft, 9);
      recoveryLeft.set('dealer01', recoveryCodes.slice(1));
    });

    it('keeps recovery codes as an HMAC under the server key; one stored as plain SHA-256 before is migrated at start and still works once (issue 31)', async () => {
      const codes = recoveryLeft.get('dealer01')!;
      const sha256 = (code: string) => hashOf(normaliseRecoveryCode(code));
      const { db } = await openDatabase(t.config);
      try {
        const stored = await db.selectFrom('recovery_codes').select(['user_id', 'code_hash']).execute();
        assert.ok(stored.length >= 9);
        for (const row of stored) {
          assert.match(row.code_hash, /^k1\./, 'a keyed hash');
          assert.ok(!codes.some((code) => sha256(code) === row.code_hash), 'not the plain SHA-256 of a code');
        }
        // What a database of the earlier version holds: the unsalted SHA-256 of the code.
        const userId = stored[0]!.user_id;
        await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await db.insertInto('recovery_codes').values(codes.map((code) => ({ user_id: userId, code_hash: sha256(code), used_at: null }))).execute();
      } finally {
        await db.destroy();
      }
      // The next start (another instance on the same database) rewrites them.
      const restarted = await compose(t.config);
      await restarted.storage.close();
      const { db: after } = await openDatabase(t.config);
      try {
        const rows = await after.selectFrom('recovery_codes').select('code_hash').execute();
        assert.ok(rows.every((row) => row.code_hash.startsWith('k1.') && !codes.some((code) => sha256(code) === row.code_hash)));
      } finally {
        await after.destroy();
      }
      const c = t.client();
      assert.equal((await c.post(VERIFY, { json: { challenge: await passwordStep(c, 'dealer01'), recoveryCode: codes[0]! } })).body.code, 200);
      const d = t.client();
      assert.equal((await d.post(VERIFY, { json: { challenge: await passwordStep(d, 'dealer01'), recoveryCode: codes[0]! } })).body.code, 'AU00174');
      recoveryLeft.set('dealer01', codes.slice(1));
    });

    it('five wrong codes lock the account like wrong passwords; the right password does not clear the count', async () => {
      const { secret } = await enrol('admin');
      const c = t.client();
      let challenge = await passwordStep(c, 'admin');
      for (let i = 0; i < 2; i++) {
        assert.equal((await c.post(VERIFY, { json: { challenge, code: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000' } })).body.code, 'AU00171');
      }
      // Password again: the two wrong codes are still counted, and so is each right password while
      // its code is due (a try is reserved before the password is checked, server/auth/password-check.ts,
      // and given back only when nothing else is due): 1 + 2 + 1 tries so far, the next wrong code is the fifth.
      challenge = await passwordStep(c, 'admin');
      const fifth = await c.post(VERIFY, { json: { challenge, code: '123456' === codeAt(secret, t.clock.now()) ? '654321' : '123456' } });
      assert.equal(fifth.status, 423);
      assert.match(fifth.body.msg, /该账号已锁定/);
      const right = await c.post(VERIFY, { json: { challenge, code: codeAt(secret, t.clock.now()) } });
      assert.equal(right.status, 423, 'locked: even the right code waits');
      assert.equal((await c.login('admin', DEMO.admin)).status, 423, 'the password is locked too');
    });

    it('a challenge expires after five minutes; a wrong-format code gets a Chinese message', async () => {
      const secret = secrets.get('zhangwei')!;
      const c = t.client();
      const challenge = await passwordStep(c, 'zhangwei');
      const bad = await c.post(VERIFY, { json: { challenge, code: '12ab' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.msg, '请输入 6 位数字动态验证码');
      t.clock.advance(5 * 60_000 + 1);
      const late = await c.post(VERIFY, { json: { challenge, code: codeAt(secret, t.clock.now()) } });
      assert.deepEqual(late.body, { code: 'AU00173', errorCode: 'AU00173', msg: '验证已超时，请重新输入密码登录', data: null });
    });

    it('removing the factor needs a code; afterwards the password alone signs in', async () => {
      const secret = secrets.get('zhangwei')!;
      t.clock.advance(30_000);
      const c = t.client();
      const challenge = await passwordStep(c, 'zhangwei');
      assert.equal((await c.post(VERIFY, { json: { challenge, code: codeAt(secret, t.clock.now()) } })).body.code, 200);
      assert.equal((await c.post('/api/account/totp/remove', { json: {} })).body.code, 'AU00179');
      assert.equal((await c.post('/api/account/totp/remove', { json: { code: codeAt(secret, t.clock.now()) } })).body.code, 'AU00172', 'the sign-in used this step');
      t.clock.advance(30_000);
      assert.equal((await c.post('/api/account/totp/remove', { json: { code: codeAt(secret, t.clock.now()) } })).body.code, 200);
      assert.deepEqual((await c.get('/api/account/security')).body.data, { totpEnabled: false, recoveryCodesLeft: 0, mfaRequired: false });
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
    });

    it('an SMS sign-in of an account with a second factor takes the same second step (the phone is one factor)', async () => {
      // dealer01 (phone 13800000001) bound an authenticator in the recovery-code test above.
      const secret = secrets.get('dealer01')!;
      t.clock.advance(30_000);
      const c = t.client();
      const phone = '13800000001';
      assert.equal((await c.get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body.code, 200);
      const sms = t.lastSmsCode(phone)!;
      const res = await c.post('/api/centerAuth/sso/doLogin', { form: { phone, code: sms, loginType: '1' } });
      assert.equal(res.body.code, 'AU00170', JSON.stringify(res.body));
      assert.equal(res.body.data.step, 'verify');
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'no session after the SMS code alone');
      const done = await c.post(VERIFY, { json: { challenge: res.body.data.challenge, code: codeAt(secret, t.clock.now()) } });
      assert.deepEqual(done.body, { code: 200, msg: 'success', data: { username: 'dealer01', redirect: '/home' } });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
    });

    it('the account calls need a session', async () => {
      const res = await t.client().post('/api/account/totp/start', { json: {} });
      assert.equal(res.body.code, 'AU00300');
    });
  });
}

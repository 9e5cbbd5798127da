// The console sign-in asks for every factor the portal's asks for (issue 31, point 1): an
// administrator's authenticator app, the group's requireMfa, and with SSO_CONSOLE_REQUIRE_SECOND_FACTOR
// an app of every administrator (enrolled at that sign-in). A non-administrator learns nothing about
// the password before every factor was given. The password's lockout is the portal's (point 2): a
// console sign-in no longer resets the count of wrong codes, and parallel tries get at most five
// checks, on every storage mode.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { codeAt, newEnrolment } from '../../../server/mfa/totp.ts';
import { ADMIN, api, consoleSignIn } from './console-fixture.ts';

const PORTAL_VERIFY = '/api/centerAuth/sso/mfa/verify';
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

for (const backend of testBackends()) {
  for (const requireForAdmins of [false, true]) {
    describe(`console sign-in second factor (${backend.name}, SSO_CONSOLE_REQUIRE_SECOND_FACTOR=${requireForAdmins})`, () => {
      let t: TestApp;
      before(async () => {
        t = await buildTestApp(backend, { lockoutMaxFailures: 5, consoleRequireSecondFactor: requireForAdmins });
      });
      after(() => t.close());

      /** An authenticator app enrolled for `username` straight in the store; its secret. */
      async function enrolled(username: string): Promise<string> {
        const user = (await t.ctx.stores.users.findUserByName(username))!;
        const { secret } = await newEnrolment(username);
        assert.ok(await t.ctx.stores.mfa.startTotp(user.id, secret, t.clock.now()));
        // Confirmed with a step long past, so the current code is free.
        assert.ok(await t.ctx.stores.mfa.confirmTotp(user.id, Math.floor(t.clock.now() / 30_000) - 100, t.clock.now()));
        return secret;
      }

      it('an administrator with an authenticator app gives its code before the console session starts', async () => {
        const secret = await enrolled(ADMIN.username);
        const c = t.client();
        const first = await consoleSignIn(c, ADMIN.username, ADMIN.password);
        assert.equal(first.body.code, 'AU00170', JSON.stringify(first.body));
        assert.equal(first.body.msg, '请输入身份验证器中的 6 位动态验证码');
        assert.equal(first.body.data.step, 'verify');
        assert.ok(!c.cookies.has('sso_console'), 'no console session after the password alone');
        const { challenge } = first.body.data as { challenge: string };
        // The portal's second step does not finish a console sign-in.
        assert.equal((await t.client().post(PORTAL_VERIFY, { json: { challenge, code: codeAt(secret, t.clock.now()) } })).body.code, 'AU00173');
        const wrong = await c.post(api('consoleVerifySecondFactor'), { json: { challenge, code: wrongCode(codeAt(secret, t.clock.now())) } });
        assert.deepEqual(wrong.body, { code: 'AU00171', errorCode: 'AU00171', msg: '动态验证码错误，请重新输入', data: null });
        const right = await c.post(api('consoleVerifySecondFactor'), { json: { challenge, code: codeAt(secret, t.clock.now()) } });
        assert.equal(right.status, 200, JSON.stringify(right.body));
        assert.equal(right.body.data.username, ADMIN.username);
        assert.ok(c.cookies.has('sso_console'));
        assert.equal((await c.get(api('consoleMe'))).body.data.username, ADMIN.username);
        // The right code cleared the count: five new tries are left.
        assert.equal(await t.ctx.lockout.lockedForMs(ADMIN.username), 0);
      });

      it('a non-administrator: the same second step, and "not an administrator" only after the code', async () => {
        const secret = await enrolled('zhangwei');
        const c = t.client();
        const wrongPassword = await consoleSignIn(c, 'zhangwei', 'Wrong@2026pass');
        assert.equal(wrongPassword.body.code, 'AU00100');
        const first = await consoleSignIn(c, 'zhangwei', DEMO.zhangwei);
        assert.equal(first.body.code, 'AU00170', 'a right password is answered as an administrator\'s is');
        const answer = await c.post(api('consoleVerifySecondFactor'), { json: { challenge: first.body.data.challenge, code: codeAt(secret, t.clock.now()) } });
        assert.equal(answer.status, 403);
        assert.equal(answer.body.code, 'AU00601');
        assert.ok(!c.cookies.has('sso_console'));
      });

      it('a non-administrator without a second factor', async () => {
        const c = t.client();
        const answer = await consoleSignIn(c, 'agedpwd', DEMO.agedpwd);
        if (requireForAdmins) {
          // An administrator would have to enrol: this account cannot give the factor, and is told
          // what a wrong password is told.
          assert.equal(answer.body.code, 'AU00100', JSON.stringify(answer.body));
        } else {
          // Every factor of this account is given: now the console may say it is no administrator.
          assert.equal(answer.body.code, 'AU00601');
        }
      });

      it('an administrator without an app: enrols one at the console sign-in when the instance requires it', async () => {
        // A second administrator, without an authenticator app (the demo administrator's password).
        const name = 'opsadmin';
        const hash = (await t.ctx.stores.users.findUserByName(ADMIN.username))!.passwordHash;
        await t.ctx.stores.users.insertUser({
          username: name, phone: null, passwordHash: hash, passwordChangedAt: t.clock.now(), mustChangePassword: false, kind: 'staff', isAdmin: true,
        });
        const c = t.client();
        const first = await consoleSignIn(c, name, ADMIN.password);
        if (!requireForAdmins) {
          assert.equal(first.status, 200, 'off (development): the password alone, as before');
          return;
        }
        assert.equal(first.body.code, 'AU00175', JSON.stringify(first.body));
        assert.equal(first.body.data.step, 'enrol');
        assert.ok(!c.cookies.has('sso_console'));
        const { challenge } = first.body.data as { challenge: string };
        const start = await c.post(api('consoleStartEnrolment'), { json: { challenge } });
        assert.equal(start.body.code, 200, JSON.stringify(start.body));
        const { secret, qrSvg } = start.body.data as { secret: string; qrSvg: string };
        assert.match(qrSvg, /^<svg/);
        const confirmed = await c.post(api('consoleConfirmEnrolment'), { json: { challenge, code: codeAt(secret, t.clock.now()) } });
        assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
        assert.equal(confirmed.body.data.username, name);
        assert.equal((confirmed.body.data.recoveryCodes as string[]).length, 10);
        assert.ok(c.cookies.has('sso_console'));
        // The next console sign-in asks for the code.
        t.clock.advance(30_000);
        assert.equal((await consoleSignIn(t.client(), name, ADMIN.password)).body.code, 'AU00170');
      });

      it('a console sign-in with the right password does not reset the count of wrong codes', async () => {
        const secret = await enrolled('dealer01');
        const c = t.client();
        // Portal: password (one try), three wrong codes: four tries counted.
        const step = await c.login('dealer01', DEMO.dealer01);
        assert.equal(step.body.code, 'AU00170');
        for (let i = 0; i < 3; i++) {
          assert.equal((await c.post(PORTAL_VERIFY, { json: { challenge: step.body.data.challenge, code: wrongCode(codeAt(secret, t.clock.now())) } })).body.code, 'AU00171');
        }
        // The console with the right password: the fifth try (its code is due, so it is not given back).
        assert.equal((await consoleSignIn(t.client(), 'dealer01', DEMO.dealer01)).body.code, 'AU00170');
        const after = await c.login('dealer01', DEMO.dealer01);
        assert.equal(after.status, 423, 'the password is locked');
        assert.match(after.body.msg, /该账号已锁定/);
        assert.equal((await consoleSignIn(t.client(), 'dealer01', DEMO.dealer01)).status, 423, 'the console too');
      });

      it('parallel console sign-ins get at most five password checks; the rest, right password or not, get the lock', async () => {
        await enrolled('firstlogin');
        const c = t.client();
        const answers = await Promise.all(Array.from({ length: 10 }, () => consoleSignIn(c, 'firstlogin', DEMO.firstlogin)));
        const asked = answers.filter((a) => a.body.code === 'AU00170').length;
        const lockedOut = answers.filter((a) => a.status === 423).length;
        assert.equal(asked + lockedOut, 10, JSON.stringify(answers.map((a) => a.body.code)));
        assert.ok(asked <= 5, `${asked} of 10 parallel tries had their password checked`);
        assert.ok(lockedOut >= 5);
      });
    });
  }
}

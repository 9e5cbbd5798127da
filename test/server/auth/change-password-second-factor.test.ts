// changePassword outside a session with an authenticator app enrolled (issue 31, point 3): the old
// password alone changes nothing (AU00170, the same second step as the sign-in's), a wrong code
// counts toward the password's lockout, and the right code (or a recovery code) lets the change
// through; from the account's own session (the account page) the code is not asked again. The
// forced change (AU00154) of such an account thus comes after the second factor. Every storage mode.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { codeAt, newEnrolment } from '../../../server/mfa/totp.ts';

async function change(c: Client, userName: string, oldPassword: string, newPassword: string, proof: Record<string, string> = {}) {
  return c.post('/api/centerAuth/user/changePassword', {
    json: { userName, oldPassword: await c.encrypt(oldPassword), newPassword: await c.encrypt(newPassword), confirmPassword: await c.encrypt(newPassword), ...proof },
  });
}

for (const backend of testBackends()) {
  describe(`changePassword with a second factor (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { lockoutMaxFailures: 5 });
    });
    after(() => t.close());

    async function enrolled(username: string): Promise<string> {
      const user = (await t.ctx.stores.users.findUserByName(username))!;
      const { secret } = await newEnrolment(username);
      assert.ok(await t.ctx.stores.mfa.startTotp(user.id, secret, t.clock.now()));
      assert.ok(await t.ctx.stores.mfa.confirmTotp(user.id, Math.floor(t.clock.now() / 30_000) - 100, t.clock.now()));
      return secret;
    }

    it('the forced change of an account with an app: the password alone is asked for the code, then the code changes it', async () => {
      const secret = await enrolled('firstlogin');
      const c = t.client();
      const hashBefore = (await t.ctx.stores.users.findUserByName('firstlogin'))!.passwordHash;
      assert.equal((await c.login('firstlogin', DEMO.firstlogin)).body.code, 'AU00154');
      const alone = await change(c, 'firstlogin', DEMO.firstlogin, 'New@2026first');
      assert.deepEqual(alone.body, {
        code: 'AU00170', errorCode: 'AU00170', msg: '请输入身份验证器中的 6 位动态验证码', data: { challenge: '', step: 'verify' },
      });
      assert.equal((await t.ctx.stores.users.findUserByName('firstlogin'))!.passwordHash, hashBefore, 'nothing changed');
      const right = codeAt(secret, t.clock.now());
      const done = await change(c, 'firstlogin', DEMO.firstlogin, 'New@2026first', { code: right });
      assert.deepEqual(done.body, { code: 200, msg: 'success', data: null });
      const step = await c.login('firstlogin', 'New@2026first');
      assert.equal(step.body.code, 'AU00170', 'the new password, then the code');
    });

    it('wrong codes count toward the lockout; the right password does not clear them', async () => {
      const secret = await enrolled('agedpwd');
      const c = t.client();
      const wrongCode = codeAt(secret, t.clock.now()) === '000000' ? '111111' : '000000';
      // Each call is a password try (kept while the code is due) and a wrong code: 2 + 2, then the fifth locks.
      for (let i = 0; i < 2; i++) assert.equal((await change(c, 'agedpwd', DEMO.agedpwd, 'Next@2026aged', { code: wrongCode })).body.code, 'AU00171');
      const locked = await change(c, 'agedpwd', DEMO.agedpwd, 'Next@2026aged', { code: codeAt(secret, t.clock.now()) });
      assert.equal(locked.status, 423, JSON.stringify(locked.body));
      assert.equal((await c.login('agedpwd', DEMO.agedpwd)).status, 423);
    });

    it('from the account page (a session of that account with its code) the code is not asked again', async () => {
      const secret = await enrolled('zhangwei');
      const c = t.client();
      const step = await c.login('zhangwei', DEMO.zhangwei);
      assert.equal(step.body.code, 'AU00170');
      assert.equal((await c.post('/api/centerAuth/sso/mfa/verify', { json: { challenge: step.body.data.challenge, code: codeAt(secret, t.clock.now()) } })).body.code, 200);
      assert.equal((await change(c, 'zhangwei', DEMO.zhangwei, 'Other@2026demo')).body.code, 200);
    });

    async function requireMfaOfGroupsOf(username: string): Promise<void> {
      const user = (await t.ctx.stores.users.findUserByName(username))!;
      let groups = 0;
      for (const group of await t.ctx.stores.catalog.listGroups()) {
        if (!(await t.ctx.stores.memberships.isMember(user.id, group.code))) continue;
        await t.ctx.stores.mfa.setGroupRequiresMfa(group.code, true);
        groups += 1;
      }
      assert.ok(groups > 0, `${username} is in a group`);
    }

    it('a group requires a factor the account has not set up: the password alone changes nothing; the sign-in enrols first, then the forced change goes through on its proof', async () => {
      const user = (await t.ctx.stores.users.findUserByName('dealer01'))!;
      await t.ctx.stores.users.updatePassword(user.id, user.passwordHash, t.clock.now(), true);
      await requireMfaOfGroupsOf('dealer01');
      const c = t.client();
      const alone = await change(c, 'dealer01', DEMO.dealer01, 'New@2026dealer');
      assert.equal(alone.body.code, 'AU00182', JSON.stringify(alone.body));
      assert.equal((await t.ctx.stores.users.findUserByName('dealer01'))!.passwordHash, user.passwordHash, 'nothing changed');

      // The sign-in asks the enrolment before the forced change (which the password alone would otherwise reach).
      const step = await c.login('dealer01', DEMO.dealer01);
      assert.equal(step.body.code, 'AU00175', JSON.stringify(step.body));
      const { challenge } = step.body.data as { challenge: string };
      const start = await c.post('/api/centerAuth/sso/mfa/enrol/start', { json: { challenge } });
      const { secret } = start.body.data as { secret: string };
      const confirmed = await c.post('/api/centerAuth/sso/mfa/enrol/confirm', { json: { challenge, code: codeAt(secret, t.clock.now()) } });
      assert.equal(confirmed.body.code, 'AU00154', JSON.stringify(confirmed.body));
      const detail = confirmed.body.data as { username: string; changeTicket: string; recoveryCodes: string[] };
      assert.equal(detail.username, 'dealer01');
      assert.equal(detail.recoveryCodes.length, 10, 'the new recovery codes are shown once, with the forced change');
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'no session before the change');

      const done = await change(c, 'dealer01', DEMO.dealer01, 'New@2026dealer', { changeTicket: detail.changeTicket });
      assert.deepEqual(done.body, { code: 200, msg: 'success', data: null });
      const again = await change(c, 'dealer01', 'New@2026dealer', 'Next@2026dealer', { changeTicket: detail.changeTicket });
      assert.equal(again.body.code, 'AU00183', 'a ticket proves one change');
    });

    it('a change ticket is the account\'s own: another account\'s ticket is refused', async () => {
      const admin = (await t.ctx.stores.users.findUserByName('admin'))!;
      await t.ctx.stores.users.updatePassword(admin.id, admin.passwordHash, t.clock.now(), true);
      await enrolled('admin');
      const c = t.client();
      const { issueChangeTicket } = await import('../../../server/auth/change-ticket.ts');
      const other = (await t.ctx.stores.users.findUserByName('zhangwei'))!;
      const othersTicket = await issueChangeTicket(t.ctx, other, 'passkey');
      const refused = await change(c, 'admin', DEMO.admin, 'Fresh@2026pass', { changeTicket: othersTicket });
      assert.equal(refused.body.code, 'AU00183', JSON.stringify(refused.body));
      t.clock.advance(5 * 60_000 + 1);
      const own = await issueChangeTicket(t.ctx, admin, 'passkey');
      t.clock.advance(5 * 60_000 + 1);
      assert.equal((await change(c, 'admin', DEMO.admin, 'Fresh@2026pass', { changeTicket: own })).body.code, 'AU00183', 'dead after 5 minutes');
    });
  });
}

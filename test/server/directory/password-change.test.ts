// 修改密码 for a directory account (issue 30): with passwordWriteBack the new password is set in
// slapd by the Password Modify extended operation bound as the person (the new one works at once,
// the old one is refused there and here); without it the answer is 请在公司目录中修改密码 and
// nothing changes. The SMS reset never changes a directory account's password. An account with an
// authenticator app gives its code too, as a local one does.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { startSlapd, PEOPLE, type Slapd } from '../../helpers/slapd.ts';
import { directoryInput } from '../../helpers/directory.ts';
import { saveDirectory } from '../../../server/directory/directory-admin.ts';
import { codeAt, newEnrolment } from '../../../server/mfa/totp.ts';

const CHANGE_IN_DIRECTORY = { code: 'AU00197', errorCode: 'AU00197', msg: '请在公司目录中修改密码', data: null };

for (const backend of testBackends()) {
  describe(`directory password changes (${backend.name})`, () => {
    let slapd: Slapd;
    let t: TestApp;
    before(async () => {
      slapd = await startSlapd();
      t = await buildTestApp(backend, { lockoutMaxFailures: 5 });
    });
    after(async () => {
      await t.close();
      await slapd.stop();
    });

    async function change(user: string, oldPassword: string, newPassword: string, proof: Record<string, string> = {}) {
      const c = t.client();
      return c.post('/api/centerAuth/user/changePassword', {
        form: { userName: user, oldPassword: await c.encrypt(oldPassword), newPassword: await c.encrypt(newPassword), confirmPassword: await c.encrypt(newPassword), ...proof },
      });
    }

    it('without passwordWriteBack: 请在公司目录中修改密码, the directory password unchanged', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { passwordWriteBack: false }));
      assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 200);
      assert.deepEqual((await change('alice', PEOPLE.alice.password, 'Alice-new-pass-2')).body, CHANGE_IN_DIRECTORY);
      assert.equal(await slapd.canBind('alice', PEOPLE.alice.password), true);
      assert.equal(await slapd.canBind('alice', 'Alice-new-pass-2'), false);
    });

    it('with passwordWriteBack: Password Modify as the person; the new password works at once, the old one is refused', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { passwordWriteBack: true, bindPassword: null }));
      const c = t.client();
      assert.equal((await c.login('alice', PEOPLE.alice.password)).body.code, 200);
      const res = await change('alice', PEOPLE.alice.password, 'Alice-new-pass-2');
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: null });
      assert.equal(await slapd.canBind('alice', 'Alice-new-pass-2'), true);
      assert.equal(await slapd.canBind('alice', PEOPLE.alice.password), false);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'sessions end with the change, as for a local one');
      assert.equal((await t.client().login('alice', 'Alice-new-pass-2')).body.code, 200);
      assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 'AU00100');
    });

    it('a wrong current password changes nothing and counts toward the lockout', async () => {
      const res = await change('bob', 'Not-bobs-pass-1', 'Bob-new-pass-2');
      assert.equal(res.body.code, 'AU00100');
      assert.equal(await slapd.canBind('bob', PEOPLE.bob.password), true);
      for (let i = 0; i < 4; i += 1) await change('bob', `Not-bobs-pass-${i + 2}`, 'Bob-new-pass-2');
      assert.ok((await t.ctx.lockout.lockedForMs('bob')) > 0, 'five wrong current passwords lock like five wrong sign-ins');
      await t.ctx.lockout.reset('bob');
    });

    it('the SMS reset of a directory account: 请在公司目录中修改密码, nothing changes', async () => {
      assert.equal((await t.client().login('bob', PEOPLE.bob.password)).body.code, 200);
      const phone = PEOPLE.bob.mobile!;
      const c = t.client();
      assert.equal((await c.get(`/api/centerAuth/msg/resetPassword/send?phone=${phone}`)).body.code, 200);
      const code = t.lastSmsCode(phone);
      assert.ok(code, 'a code was sent');
      const res = await c.post('/api/centerAuth/user/resetPassword', {
        form: { phone, code: code!, newPassword: await c.encrypt('Bob-reset-pass-3'), confirmPassword: await c.encrypt('Bob-reset-pass-3') },
      });
      assert.deepEqual(res.body, CHANGE_IN_DIRECTORY);
      assert.equal(await slapd.canBind('bob', PEOPLE.bob.password), true);
    });

    it('a directory account with an authenticator app: outside a session the change asks its code too, as a local one does (issue 31, point 3)', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { passwordWriteBack: true, bindPassword: null }));
      assert.equal((await t.client().login('bob', PEOPLE.bob.password)).body.code, 200);
      const bob = (await t.ctx.stores.users.findUserByName('bob'))!;
      const { secret } = await newEnrolment('bob');
      assert.ok(await t.ctx.stores.mfa.startTotp(bob.id, secret, t.clock.now()));
      assert.ok(await t.ctx.stores.mfa.confirmTotp(bob.id, Math.floor(t.clock.now() / 30_000) - 100, t.clock.now()));
      const alone = await change('bob', PEOPLE.bob.password, 'Bob-new-pass-4');
      assert.equal(alone.body.code, 'AU00170', JSON.stringify(alone.body));
      assert.equal(await slapd.canBind('bob', PEOPLE.bob.password), true, 'the directory password unchanged');
      const withCode = await change('bob', PEOPLE.bob.password, 'Bob-new-pass-4', { code: codeAt(secret, t.clock.now()) });
      assert.deepEqual(withCode.body, { code: 200, msg: 'success', data: null });
      assert.equal(await slapd.canBind('bob', 'Bob-new-pass-4'), true);
    });
  });
}

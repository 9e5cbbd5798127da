// The group switch 要求二次验证 (issue 21) through the console's API: a new group saves it, a save
// without the field keeps it, the list shows it, and a member of the group is then asked to bind an
// authenticator right after the password (AU00175), or told to use the passkey it has (AU00195).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { api, consoleClient, groupBody } from '../console/console-fixture.ts';
import { codeAt, newEnrolment } from '../../../server/mfa/totp.ts';

for (const backend of testBackends()) {
  describe(`要求二次验证 in the console (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('saves, keeps and lists requireMfa; a member is then asked to bind an authenticator', async () => {
      const admin = await consoleClient(t);
      const created = await admin.post(api('consoleSaveGroup'), { json: groupBody('mfa-group', { requireMfa: true }) });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.data.requireMfa, true);
      // A save that does not name the field (an older console) keeps it.
      const kept = await admin.post(api('consoleSaveGroup'), { json: groupBody('mfa-group', { name: '二次验证组', expectedUpdatedAt: created.body.data.updatedAt }) });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      assert.equal(kept.body.data.requireMfa, true);
      const listed = (await admin.get(api('consoleListGroups'))).body.data as Array<{ code: string; requireMfa: boolean }>;
      assert.equal(listed.find((g) => g.code === 'mfa-group')!.requireMfa, true);
      assert.ok(listed.filter((g) => g.code !== 'mfa-group').every((g) => g.requireMfa === false));

      const member = await admin.post(api('consoleSetAccountGroups'), { json: { username: 'dealer01', groups: ['mfa-group'] } });
      assert.equal(member.status, 200, JSON.stringify(member.body));
      const signIn = await t.client().login('dealer01', DEMO.dealer01);
      assert.equal(signIn.body.code, 'AU00175');
      assert.equal(signIn.body.data.step, 'enrol');
      // A member with a passkey has a second factor: no enrolment forced, the passkey is the way in.
      const ctx = t.ctx;
      const dealer = (await ctx.stores.users.findUserByName('dealer01'))!;
      await ctx.stores.passkeys.add({ id: 'test-passkey', userId: dealer.id, publicKey: 'AA', counter: 0, transports: [], name: '测试', createdAt: 1, lastUsedAt: null });
      assert.deepEqual((await t.client().login('dealer01', DEMO.dealer01)).body,
        { code: 'AU00195', errorCode: 'AU00195', msg: '您所在的用户组要求二次验证：请点击“使用通行密钥登录”', data: null });
      await ctx.stores.passkeys.remove(dealer.id, 'test-passkey');

      const off = await admin.post(api('consoleSaveGroup'), { json: groupBody('mfa-group', { requireMfa: false, expectedUpdatedAt: kept.body.data.updatedAt }) });
      assert.equal(off.body.data.requireMfa, false);
      assert.equal((await t.client().login('dealer01', DEMO.dealer01)).body.code, 200);
    });

    it('turning requireMfa on ends the members\' sessions signed in without a second factor, and only those', async () => {
      const admin = await consoleClient(t);
      const created = await admin.post(api('consoleSaveGroup'), { json: groupBody('mfa-later') });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal((await admin.post(api('consoleSetAccountGroups'), { json: { username: 'zhangwei', groups: ['mfa-later'] } })).status, 200);
      // One session by the password alone; then an authenticator app, and a session with its code.
      const onePassword = t.client();
      assert.equal((await onePassword.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      const user = (await t.ctx.stores.users.findUserByName('zhangwei'))!;
      const { secret } = await newEnrolment('zhangwei');
      await t.ctx.stores.mfa.startTotp(user.id, secret, t.clock.now());
      await t.ctx.stores.mfa.confirmTotp(user.id, Math.floor(t.clock.now() / 30_000) - 100, t.clock.now());
      const twoFactors = t.client();
      const step = await twoFactors.login('zhangwei', DEMO.zhangwei);
      assert.equal(step.body.code, 'AU00170');
      assert.equal((await twoFactors.post('/api/centerAuth/sso/mfa/verify', { json: { challenge: step.body.data.challenge, code: codeAt(secret, t.clock.now()) } })).body.code, 200);
      // A non-member's one-factor session is no business of the group's.
      const outsider = t.client();
      assert.equal((await outsider.login('agedpwd', DEMO.agedpwd, { postponePasswordChange: '1' })).body.code, 200);
      for (const c of [onePassword, twoFactors, outsider]) assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);

      const on = await admin.post(api('consoleSaveGroup'), { json: groupBody('mfa-later', { requireMfa: true, expectedUpdatedAt: created.body.data.updatedAt }) });
      assert.equal(on.status, 200, JSON.stringify(on.body));
      assert.equal((await onePassword.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the password-only session ended');
      assert.equal((await twoFactors.get('/api/centerAuth/sso/isLogin')).body.data, true, 'the session with the code stays');
      assert.equal((await outsider.get('/api/centerAuth/sso/isLogin')).body.data, true, 'a non-member keeps his');
    });
  });
}

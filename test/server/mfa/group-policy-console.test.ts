// The group switch 要求二次验证 (issue 21) through the console's API: a new group saves it, a save
// without the field keeps it, the list shows it, and a member of the group is then asked to bind an
// authenticator right after the password (AU00175), or told to use the passkey it has (AU00195).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { api, consoleClient, groupBody } from '../console/console-fixture.ts';

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
  });
}

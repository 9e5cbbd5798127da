// The directory sync (issue 30) against a real slapd holding more people than its size limit (500):
// paged reads find all of them; new people become accounts that sign in at once, changed
// attributes are updated, mapped memberships are added and removed while an administrator's grant
// stays, a local account with the same name is reported and left alone, and a person disabled or
// gone in the directory is disabled here with their sessions ended and refresh tokens refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { testBackends } from '../../helpers/test-app.ts';
import { startSlapd, PEOPLE, BULK_PASSWORD, bulkUid, type Slapd } from '../../helpers/slapd.ts';
import { directoryInput } from '../../helpers/directory.ts';
import { saveDirectory, syncDirectory, testDirectory } from '../../../server/directory/directory-admin.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from '../oidc/oidc-fixture.ts';

const BULK = 1100;

for (const backend of testBackends()) {
  describe(`directory sync (${backend.name})`, () => {
    // A directory of its own per storage mode: the tests below change it.
    let slapd: Slapd;
    let s: OidcServer;
    const ctx = () => s.server.ctx;
    const groupsOf = async (username: string) => ctx().stores.memberships.groupsOf((await ctx().stores.users.findUserByName(username))!.id);
    before(async () => {
      slapd = await startSlapd({ bulkPeople: BULK });
      s = await startOidcServer(backend.overrides);
      await saveDirectory(ctx(), directoryInput(slapd));
    });
    after(async () => {
      await s.close();
      await slapd.stop();
    });

    it('test-directory counts every person past slapd\'s size limit of 500 (paged)', async () => {
      assert.deepEqual(await testDirectory(ctx(), 'corp'), { ok: true, url: slapd.url, found: BULK + 3, error: null });
    });

    it('the first sync creates every enabled person with the mapped memberships, usable at once; the result is stored', async () => {
      const result = await syncDirectory(ctx(), 'corp');
      assert.equal(result.ok, true);
      assert.equal(result.found, BULK + 3);
      assert.equal(result.created, BULK + 2, 'carol is disabled in the directory: no account');
      assert.equal(result.disabled, 0);
      assert.equal(result.membershipsAdded, 3, 'alice → ka, bob → ka and icar');
      assert.deepEqual(result.clashes, []);
      assert.equal(await ctx().stores.users.findUserByName('carol'), null);
      const last = (await ctx().stores.directories.get('corp'))!.lastSync;
      assert.deepEqual(last, result);
      assert.deepEqual(await groupsOf('bob'), ['icar', 'ka']);
      const person = bulkUid(BULK);
      assert.equal((await ctx().stores.users.findUserByName(person))?.directoryId, 'corp');
      assert.equal((await s.browser().signIn(person, BULK_PASSWORD)).body.code, 200);
      const again = await syncDirectory(ctx(), 'corp');
      assert.deepEqual([again.created, again.updated, again.disabled, again.membershipsAdded, again.membershipsRemoved], [0, 0, 0, 0, 0]);
    });

    it('the name (nameAttribute) is the apps\' name: stored at the sync, in userinfo, and follows a change', async () => {
      assert.equal((await ctx().stores.users.findUserByName('alice'))?.displayName, PEOPLE.alice.cn);
      const secret = await s.addClient('name-app');
      const rp = await s.relyingParty('name-app', secret);
      const browser = s.browser();
      assert.equal((await browser.signIn('alice', PEOPLE.alice.password)).body.code, 200);
      const tokens = await exchange(rp, await codeFlow(rp, browser));
      const first = await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
      assert.equal(first.name, PEOPLE.alice.cn);
      assert.equal(first.preferred_username, 'alice');
      await slapd.modifyPerson('alice', { cn: '王爱丽' });
      try {
        assert.equal((await syncDirectory(ctx(), 'corp')).updated, 1);
        const info = await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
        assert.equal(info.name, '王爱丽', 'the next userinfo answers the directory\'s new name');
      } finally {
        await slapd.modifyPerson('alice', { cn: PEOPLE.alice.cn });
        await syncDirectory(ctx(), 'corp');
      }
    });

    it('a changed phone is updated', async () => {
      await slapd.modifyPerson('bob', { mobile: '13700000099' });
      const result = await syncDirectory(ctx(), 'corp');
      assert.equal(result.updated, 1);
      assert.equal((await ctx().stores.users.findUserByName('bob'))?.phone, '13700000099');
    });

    it('mapped memberships follow the directory; a membership an administrator granted stays when the directory drops it', async () => {
      const alice = (await ctx().stores.users.findUserByName('alice'))!;
      await ctx().stores.memberships.grant(alice.id, 'icar');
      await slapd.addMember('sales', 'alice');
      assert.equal((await syncDirectory(ctx(), 'corp')).membershipsAdded, 1);
      assert.deepEqual(await ctx().stores.directories.membershipSources(alice.id), { granted: ['icar'], directory: ['icar', 'ka'] });
      await slapd.removeMember('sales', 'alice');
      await slapd.removeMember('engineering', 'alice');
      const result = await syncDirectory(ctx(), 'corp');
      assert.equal(result.membershipsRemoved, 2);
      assert.deepEqual(await groupsOf('alice'), ['icar'], 'ka (directory only) removed, icar (granted) kept');
      await slapd.addMember('engineering', 'alice');
      assert.equal((await syncDirectory(ctx(), 'corp')).membershipsAdded, 1);
      assert.deepEqual(await groupsOf('alice'), ['icar', 'ka']);
    });

    it('a local account with a directory person\'s name is reported as a clash and left alone', async () => {
      await slapd.addPerson({ uid: 'zhangwei', cn: 'Dir Zhangwei', password: 'Dir-zhangwei-1' }, ['engineering']);
      try {
        const result = await syncDirectory(ctx(), 'corp');
        assert.deepEqual(result.clashes, ['zhangwei']);
        assert.equal(result.created, 0);
        assert.equal((await ctx().stores.users.findUserByName('zhangwei'))?.directoryId, null);
      } finally {
        await slapd.deletePerson('zhangwei');
      }
    });

    it('a person whose username is no name the portal can carry is left out and reported, not dropped silently', async () => {
      await slapd.addPerson({ uid: 'li si', cn: 'Li Si', password: 'Dir-lisi-pass-1' }, ['engineering']);
      try {
        const result = await syncDirectory(ctx(), 'corp');
        assert.equal(result.skipped, 1);
        assert.deepEqual(result.skippedExamples, ['li si']);
        assert.equal(result.created, 0);
        assert.deepEqual((await ctx().stores.directories.get('corp'))!.lastSync?.skippedExamples, ['li si'], 'the stored result says it too');
      } finally {
        await slapd.deletePerson('li si');
      }
    });

    it('disabled in the directory: the sync disables the account, ends its sessions and its refresh token is refused', async () => {
      const secret = await s.addClient('dir-app');
      const rp = await s.relyingParty('dir-app', secret);
      const browser = s.browser();
      assert.equal((await browser.signIn('alice', PEOPLE.alice.password)).body.code, 200);
      const tokens = await exchange(rp, await codeFlow(rp, browser));
      assert.ok(tokens.refresh_token);
      const alice = (await ctx().stores.users.findUserByName('alice'))!;
      assert.ok((await ctx().stores.sessions.listUserSessions(alice.id)).length > 0);

      await slapd.modifyPerson('alice', { employeeType: 'disabled' });
      try {
        const result = await syncDirectory(ctx(), 'corp');
        assert.equal(result.disabled, 1);
        assert.equal((await ctx().stores.users.findUserByName('alice'))?.disabled, true);
        assert.deepEqual(await ctx().stores.sessions.listUserSessions(alice.id), []);
        await assert.rejects(oidc.refreshTokenGrant(rp, tokens.refresh_token!), (error: { error?: string }) => error.error === 'invalid_grant');
        assert.equal((await s.browser().signIn('alice', PEOPLE.alice.password)).body.code, 'AU00160');
      } finally {
        await slapd.modifyPerson('alice', { employeeType: null });
      }
      const back = await syncDirectory(ctx(), 'corp');
      assert.equal((await ctx().stores.users.findUserByName('alice'))?.disabled, false, 'enabled again in the directory: enabled here');
      assert.equal(back.disabled, 0);
    });

    it('gone from the directory: disabled at the next sync', async () => {
      await slapd.deletePerson(bulkUid(1));
      const result = await syncDirectory(ctx(), 'corp');
      assert.equal(result.disabled, 1);
      assert.equal((await ctx().stores.users.findUserByName(bulkUid(1)))?.disabled, true);
    });

    it('a directory that cannot be reached: ok false with the reason, nothing changed', async () => {
      await saveDirectory(ctx(), directoryInput(slapd, { urls: [slapd.downUrl], bindPassword: null }));
      try {
        const result = await syncDirectory(ctx(), 'corp');
        assert.equal(result.ok, false);
        assert.equal(result.error, '无法连接目录服务器');
        assert.deepEqual([result.created, result.disabled], [0, 0]);
        assert.equal((await ctx().stores.users.findUserByName('bob'))?.disabled, false);
      } finally {
        await saveDirectory(ctx(), directoryInput(slapd, { bindPassword: null }));
      }
    });
  });
}

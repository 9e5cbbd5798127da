// Directory federation against a real Active Directory (issue 30): Samba 4.17's AD DC, provisioned
// and started by test/helpers/samba-ad.ts, with the AD defaults of docs/directory.md
// (sAMAccountName, displayName, the userAccountControl ACCOUNTDISABLE bit, memberOf computed by AD)
// over LDAPS with Samba's certificate verified. Every AD test is in this one file: AD's ports are
// fixed (389 / 636), so one Samba runs at a time; the describes below run one after another.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import {
  startSambaAd, AD_DISABLED_FILTER, AD_USER_FILTER, PEOPLE, PEOPLE_DN, bulkName, groupDn, personDn, type SambaAd,
} from '../../helpers/samba-ad.ts';
import { saveDirectory, syncDirectory, testDirectory, type DirectoryInput } from '../../../server/directory/directory-admin.ts';
import { withServiceAccount } from '../../../server/directory/ldap-connection.ts';
import { findPerson, normaliseDn, PAGE_SIZE } from '../../../server/directory/directory-search.ts';
import { AdminActionError } from '../../../server/admin-action-error.ts';

/** More than AD's MaxPageSize (1000): an unpaged search would stop there. */
const BULK = 1100;
const BAD_CREDENTIALS = { code: 'AU00100', errorCode: 'AU00100', msg: '用户名或密码错误', data: null };
const AD_POLICY = '新密码不符合公司目录的密码策略（长度、复杂度、不能与最近用过的密码相同、修改间隔），请换一个密码';

function adInput(ad: SambaAd, overrides: Partial<DirectoryInput> = {}): DirectoryInput {
  return {
    id: 'corp-ad',
    name: '总部 AD',
    kind: 'active-directory',
    urls: [ad.ldapsUrl],
    caFile: ad.caFile,
    bindDn: ad.bindDn,
    bindPassword: ad.bindPassword,
    baseDn: PEOPLE_DN,
    userFilter: AD_USER_FILTER,
    usernameAttribute: 'sAMAccountName',
    phoneAttribute: 'mobile',
    nameAttribute: 'displayName',
    disabledFilter: AD_DISABLED_FILTER,
    groupMappings: [{ dn: groupDn('engineering'), group: 'ka' }, { dn: groupDn('sales'), group: 'icar' }],
    connectTimeoutMs: 1000,
    ...overrides,
  };
}

for (const backend of testBackends()) {
  describe(`Active Directory (Samba AD DC) (${backend.name})`, () => {
    // A domain of its own per storage mode: the password tests change it.
    let ad: SambaAd;
    let t: TestApp;
    const groupsOf = async (username: string) => t.ctx.stores.memberships.groupsOf((await t.ctx.stores.users.findUserByName(username))!.id);
    before(async () => {
      ad = await startSambaAd({ bulkPeople: BULK });
      t = await buildTestApp(backend, { lockoutMaxFailures: 5 });
      await saveDirectory(t.ctx, adInput(ad));
    });
    after(async () => {
      await t?.close();
      await ad?.stop();
    });

    it('the rig: provisioning and start stay well under a minute', (context) => {
      const { provisionSeconds, startSeconds, seedSeconds } = ad.timings;
      context.diagnostic(`samba-tool domain provision ${provisionSeconds}s, samba start to first LDAPS bind ${startSeconds}s, seeding ${BULK + 3} people ${seedSeconds}s`);
      assert.ok(provisionSeconds + startSeconds < 30, `${provisionSeconds + startSeconds}s`);
    });

    it('test-directory counts every person past AD\'s MaxPageSize (1000): paged', async () => {
      assert.ok(BULK + 3 > 1000 && PAGE_SIZE <= 1000);
      assert.deepEqual(await testDirectory(t.ctx, 'corp-ad'), { ok: true, url: ad.ldapsUrl, found: BULK + 3, error: null });
    });

    it('AD computes memberOf, and the slice reads it with the person (sAMAccountName, displayName, mobile)', async () => {
      const config = (await t.ctx.stores.directories.get('corp-ad'))!.config;
      const bob = await withServiceAccount(config, ad.bindPassword, (client) => findPerson(client, config, 'bob'));
      assert.deepEqual(bob, {
        dn: personDn('bob'), username: 'bob', phone: PEOPLE.bob.mobile!, name: PEOPLE.bob.displayName,
        memberOf: [normaliseDn(groupDn('sales')), normaliseDn(groupDn('engineering'))].sort(),
      } satisfies typeof bob);
    });

    it('a sync creates every enabled person with the mapped memberships; carol (ACCOUNTDISABLE) gets no account', async () => {
      const result = await syncDirectory(t.ctx, 'corp-ad');
      assert.equal(result.ok, true, String(result.error));
      assert.equal(result.found, BULK + 3);
      assert.equal(result.created, BULK + 2);
      assert.equal(result.membershipsAdded, 3, 'alice → ka, bob → ka and icar');
      assert.equal(await t.ctx.stores.users.findUserByName('carol'), null);
      assert.deepEqual(await groupsOf('bob'), ['icar', 'ka']);
      const alice = await t.ctx.stores.users.findUserByName('alice');
      assert.deepEqual([alice?.directoryId, alice?.displayName, alice?.phone], ['corp-ad', PEOPLE.alice.displayName, PEOPLE.alice.mobile]);
      assert.equal((await t.ctx.stores.users.findUserByName(bulkName(BULK)))?.directoryId, 'corp-ad', 'the last person, past the first page');
      const again = await syncDirectory(t.ctx, 'corp-ad');
      assert.deepEqual([again.created, again.updated, again.disabled, again.membershipsAdded, again.membershipsRemoved], [0, 0, 0, 0, 0]);
    });

    it('disabled in AD (userAccountControl 514): the sync disables the account; enabled again (512), enabled here', async () => {
      await ad.modifyPerson('bob', { userAccountControl: '514' });
      try {
        assert.equal((await syncDirectory(t.ctx, 'corp-ad')).disabled, 1);
        assert.equal((await t.ctx.stores.users.findUserByName('bob'))?.disabled, true);
      } finally {
        await ad.modifyPerson('bob', { userAccountControl: '512' });
      }
      await syncDirectory(t.ctx, 'corp-ad');
      assert.equal((await t.ctx.stores.users.findUserByName('bob'))?.disabled, false);
    });

    it('sign-in by bind: the AD password signs in; a wrong one and a disabled account are refused', async () => {
      const c = t.client();
      assert.deepEqual((await c.login('alice', PEOPLE.alice.password)).body, { code: 200, msg: 'success', data: { username: 'alice', redirect: '/home' } });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      assert.deepEqual((await t.client().login('alice', 'Not-her-Secret-1')).body, BAD_CREDENTIALS);
      // AD itself refuses a disabled account's bind (data 533), so carol's right password is
      // refused like a wrong one, and no account is made.
      assert.deepEqual((await t.client().login('carol', PEOPLE.carol.password)).body, BAD_CREDENTIALS);
      assert.equal(await t.ctx.stores.users.findUserByName('carol'), null);
      await t.ctx.lockout.reset('alice');
      await t.ctx.lockout.reset('carol');
    });

    it('a sign-in refreshes memberships: moved between AD groups, the next sign-in shows it', async () => {
      await ad.addMember('sales', 'alice');
      await ad.removeMember('engineering', 'alice');
      try {
        assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 200);
        assert.deepEqual(await groupsOf('alice'), ['icar']);
      } finally {
        await ad.addMember('engineering', 'alice');
        await ad.removeMember('sales', 'alice');
      }
      assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 200);
      assert.deepEqual(await groupsOf('alice'), ['ka']);
    });

    it('StartTLS on ldap://127.0.0.1:389 answers too; without TLS AD refuses the bind and test-directory says why', async () => {
      const probe = async (overrides: Partial<DirectoryInput>) => {
        await saveDirectory(t.ctx, adInput(ad, { id: 'probe', passwordWriteBack: false, ...overrides }));
        return testDirectory(t.ctx, 'probe');
      };
      assert.deepEqual(await probe({ urls: [ad.url], startTls: true }), { ok: true, url: ad.url, found: BULK + 3, error: null });
      const plain = await probe({ urls: [ad.url], startTls: false, bindPassword: null });
      assert.equal(plain.ok, false);
      assert.match(String(plain.error), /^目录服务出错：/);
    });

    describe('password write-back (unicodePwd)', () => {
      async function change(user: string, oldPassword: string, newPassword: string) {
        const c = t.client();
        return c.post('/api/centerAuth/user/changePassword', {
          form: { userName: user, oldPassword: await c.encrypt(oldPassword), newPassword: await c.encrypt(newPassword), confirmPassword: await c.encrypt(newPassword) },
        });
      }

      it('an AD directory with passwordWriteBack over plain ldap:// without StartTLS cannot be saved: a Chinese reason', async () => {
        await assert.rejects(saveDirectory(t.ctx, adInput(ad, { urls: [ad.url], passwordWriteBack: true, bindPassword: null })), (error: unknown) =>
          error instanceof AdminActionError && error.message === `Active Directory 只能通过加密连接修改密码：${ad.url} 请改用 ldaps:// 或开启 StartTLS，或关闭“允许在本系统修改目录密码”`);
        // An LDAP (RFC 3062) directory keeps its old rule: plain ldap:// is allowed outside production.
        const ldap = await saveDirectory(t.ctx, adInput(ad, { id: 'probe-ldap', kind: 'ldap', urls: [ad.url], passwordWriteBack: true }));
        assert.equal(ldap.directory.kind, 'ldap');
      });

      it('the new password binds at once, the old one is refused, here and in AD; sessions end', async () => {
        await saveDirectory(t.ctx, adInput(ad, { passwordWriteBack: true, bindPassword: null }));
        const c = t.client();
        assert.equal((await c.login('alice', PEOPLE.alice.password)).body.code, 200);
        const res = await change('alice', PEOPLE.alice.password, 'Ad-changed-Secret-2');
        assert.deepEqual(res.body, { code: 200, msg: 'success', data: null });
        assert.equal(await ad.canBind('alice', 'Ad-changed-Secret-2'), true);
        assert.equal(await ad.canBind('alice', PEOPLE.alice.password), false);
        assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'sessions end with the change');
        assert.equal((await t.client().login('alice', 'Ad-changed-Secret-2')).body.code, 200);
        assert.deepEqual((await t.client().login('alice', PEOPLE.alice.password)).body, BAD_CREDENTIALS);
        await t.ctx.lockout.reset('alice');
      });

      it('a new password AD\'s policy refuses (too short): the policy message, nothing changes', async () => {
        const res = await change('bob', PEOPLE.bob.password, 'Ab1!x');
        assert.deepEqual(res.body, { code: 'AU00103', errorCode: 'AU00103', msg: AD_POLICY, data: null });
        assert.equal(await ad.canBind('bob', PEOPLE.bob.password), true);
        assert.equal(await ad.canBind('bob', 'Ab1!x'), false);
        assert.equal((await t.client().login('bob', PEOPLE.bob.password)).body.code, 200);
      });

      it('a password AD\'s history refuses (the one just replaced): the policy message, nothing changes', async () => {
        const res = await change('alice', 'Ad-changed-Secret-2', PEOPLE.alice.password);
        assert.deepEqual(res.body, { code: 'AU00103', errorCode: 'AU00103', msg: AD_POLICY, data: null });
        assert.equal(await ad.canBind('alice', 'Ad-changed-Secret-2'), true);
      });

      it('a wrong current password: the normal wrong-password answer, counted, nothing changes', async () => {
        const res = await change('bob', 'Not-his-Secret-1', 'Ad-other-Secret-3');
        assert.deepEqual(res.body, BAD_CREDENTIALS);
        assert.equal(await ad.canBind('bob', PEOPLE.bob.password), true);
        for (let i = 0; i < 4; i += 1) await change('bob', `Not-his-Secret-${i + 2}`, 'Ad-other-Secret-3');
        assert.ok((await t.ctx.lockout.lockedForMs('bob')) > 0, 'five wrong current passwords lock like five wrong sign-ins');
        await t.ctx.lockout.reset('bob');
      });
    });
  });
}

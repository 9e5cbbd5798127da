// The console's 目录 calls (issue 30) with an administrator's console session: save (create, then
// update over the row as read; a stale one is 409), the bind password write-only and a new one
// only within 5 minutes of the password, 测试连接, 立即同步 with the last result listed, remove;
// each change in the administrator-action audit without the password; an account row says where
// each membership came from.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { startSlapd, DISABLED_FILTER, groupDn, type Slapd } from '../../helpers/slapd.ts';
import { accountRow, adminActions, api, assertRefused, consoleClient, reauth } from '../console/console-fixture.ts';

for (const backend of testBackends()) {
  describe(`console 目录 (${backend.name})`, () => {
    let slapd: Slapd;
    let t: TestApp;
    let admin: Client;
    before(async () => {
      slapd = await startSlapd();
      t = await buildTestApp(backend);
      admin = await consoleClient(t);
    });
    after(async () => {
      await t.close();
      await slapd.stop();
    });

    const body = async (fields: Record<string, unknown> = {}) => ({
      id: 'corp', name: '公司目录', urls: [slapd.url], startTls: false, caFile: null, bindDn: slapd.bindDn,
      bindPassword: await admin.encrypt(slapd.bindPassword), baseDn: `ou=people,${slapd.baseDn}`, userFilter: '(objectClass=inetOrgPerson)',
      usernameAttribute: 'uid', phoneAttribute: 'mobile', nameAttribute: 'cn', disabledFilter: DISABLED_FILTER,
      groupMappings: [{ dn: groupDn('engineering'), group: 'ka' }], accountType: 'staff', kind: 'ldap', passwordWriteBack: false, syncMinutes: 15,
      connectTimeoutMs: 1000, expectedUpdatedAt: null, ...fields,
    });

    it('creates a directory; the list never shows the bind password; test and sync answer; the last sync is listed', async () => {
      const saved = await admin.post(api('consoleSaveDirectory'), { json: await body() });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.hasBindPassword, true);
      assert.equal(saved.body.data.lastSync, null);
      assert.ok(!JSON.stringify(saved.body).includes(slapd.bindPassword));
      const list = await admin.get(api('consoleListDirectories'));
      assert.deepEqual(list.body.data.map((d: { id: string }) => d.id), ['corp']);
      assert.ok(!JSON.stringify(list.body).includes(slapd.bindPassword));
      assert.equal(list.body.data[0].bindPassword, undefined);

      const tested = await admin.post(api('consoleTestDirectory'), { json: { id: 'corp' } });
      assert.deepEqual(tested.body.data, { ok: true, url: slapd.url, found: 3, error: null });
      const synced = await admin.post(api('consoleSyncDirectory'), { json: { id: 'corp' } });
      assert.equal(synced.body.data.ok, true);
      assert.equal(synced.body.data.created, 2);
      const listed = (await admin.get(api('consoleListDirectories'))).body.data[0];
      assert.deepEqual(listed.lastSync, synced.body.data);

      const actions = await adminActions(admin);
      assert.ok(actions.some((a) => a.action === 'directory.create' && a.target === 'corp'));
      assert.ok(actions.some((a) => a.action === 'directory.sync' && a.target === 'corp'));
      assert.ok(!JSON.stringify(actions).includes(slapd.bindPassword), 'the audit never holds the password');
    });

    it('an account row says which memberships came from the directory and which an administrator granted', async () => {
      const grant = await admin.post(api('consoleSetAccountGroups'), { json: { username: 'alice', groups: ['icar'] } });
      assert.equal(grant.status, 200, JSON.stringify(grant.body));
      const row = await accountRow(admin, 'alice');
      assert.equal(row?.directoryId, 'corp');
      assert.deepEqual(row?.grantedGroups, ['icar']);
      assert.deepEqual(row?.directoryGroups, ['ka']);
      assert.deepEqual([...row!.groups].sort(), ['icar', 'ka']);
    });

    it('an update over the row as read; a stale row is refused with 409; null keeps the password without re-authentication', async () => {
      const current = (await admin.get(api('consoleListDirectories'))).body.data[0];
      const updated = await admin.post(api('consoleSaveDirectory'), { json: await body({ name: '总部目录', bindPassword: null, expectedUpdatedAt: current.updatedAt }) });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.data.name, '总部目录');
      assert.equal(await t.ctx.stores.directories.bindPassword('corp'), slapd.bindPassword, 'null kept the stored password');
      assertRefused(await admin.post(api('consoleSaveDirectory'), { json: await body({ bindPassword: null, expectedUpdatedAt: current.updatedAt }) }), 'conflict');
      assertRefused(await admin.post(api('consoleSaveDirectory'), { json: await body({ bindPassword: null }) }), 'exists', '', '目录 corp 已存在');
    });

    it('a new bind password needs the password again within 5 minutes (AU00602)', async () => {
      t.clock.advance(6 * 60_000);
      const current = (await admin.get(api('consoleListDirectories'))).body.data[0];
      assertRefused(await admin.post(api('consoleSaveDirectory'), { json: await body({ expectedUpdatedAt: current.updatedAt }) }), 'reauthRequired');
      assert.equal((await reauth(admin)).status, 200);
      const saved = await admin.post(api('consoleSaveDirectory'), { json: await body({ bindPassword: await admin.encrypt('Another-bind-1'), expectedUpdatedAt: current.updatedAt }) });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal((await admin.post(api('consoleTestDirectory'), { json: { id: 'corp' } })).body.data.error, '目录服务账号绑定失败');
    });

    it('bad input is refused with a Chinese reason and changes nothing', async () => {
      const bad = await admin.post(api('consoleSaveDirectory'), { json: await body({ id: 'bad', userFilter: '(uid=' }) });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.msg, 'userFilter 不是合法的 LDAP 过滤器');
      assert.equal(await t.ctx.stores.directories.get('bad'), null);
      assertRefused(await admin.post(api('consoleSyncDirectory'), { json: { id: 'nosuch' } }), 'notFound', '', '目录 nosuch 不存在');
      const plainAd = await admin.post(api('consoleSaveDirectory'), { json: await body({ id: 'bad', kind: 'active-directory', passwordWriteBack: true }) });
      assert.equal(plainAd.status, 400);
      assert.equal(plainAd.body.msg, `Active Directory 只能通过加密连接修改密码：${slapd.url} 请改用 ldaps:// 或开启 StartTLS，或关闭“允许在本系统修改目录密码”`);
      assert.equal(await t.ctx.stores.directories.get('bad'), null);
      assert.equal((await admin.post(api('consoleSaveDirectory'), { json: await body({ id: 'bad', kind: 'novell' }) })).status, 400, 'kind is ldap or active-directory');
    });

    it('the kind is stored and listed: active-directory with write-back over StartTLS is accepted', async () => {
      const saved = await admin.post(api('consoleSaveDirectory'), { json: await body({ id: 'ad', kind: 'active-directory', passwordWriteBack: true, startTls: true }) });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const listed = (await admin.get(api('consoleListDirectories'))).body.data.find((d: { id: string }) => d.id === 'ad');
      assert.deepEqual([listed.kind, listed.passwordWriteBack], ['active-directory', true]);
      assert.equal((await admin.post(api('consoleRemoveDirectory'), { json: { id: 'ad' } })).status, 200);
    });

    it('remove: the directory goes, its accounts are disabled', async () => {
      const removed = await admin.post(api('consoleRemoveDirectory'), { json: { id: 'corp' } });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      assert.deepEqual((await admin.get(api('consoleListDirectories'))).body.data, []);
      assert.equal((await t.ctx.stores.users.findUserByName('alice'))?.disabled, true);
      assert.ok((await adminActions(admin)).some((a) => a.action === 'directory.remove' && a.target === 'corp'));
    });
  });
}

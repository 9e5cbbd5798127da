// The directory's CLI (issue 30), run as another process on a test server's storage: `import` with
// `directories` (the same id again updates it; the bind password sealed, never stored or printed in
// plain text), `test-directory` (a plain number, or the reason and a non-zero exit),
// `sync-directory` (its counts; non-zero when the directory cannot be reached) and
// `link-directory-account` (a clash linked on purpose).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { runAdminCli, adminCli } from '../../helpers/admin-cli.ts';
import type { SqlScope } from '../../../server/storage/sql-scope.ts';
import { startSlapd, groupDn, DISABLED_FILTER, type Slapd } from '../../helpers/slapd.ts';

for (const backend of testBackends()) {
  describe(`directory CLI (${backend.name})`, () => {
    let slapd: Slapd;
    let t: TestApp;
    before(async () => {
      slapd = await startSlapd({ bulkPeople: 600 });
      t = await buildTestApp(backend);
    });
    after(async () => {
      await t.close();
      await slapd.stop();
    });

    const importFile = (directory: Record<string, unknown>) => {
      const file = path.join(t.config.dataDir, 'directories.json');
      writeFileSync(file, JSON.stringify({ directories: [directory] }));
      return file;
    };
    const corp = (overrides: Record<string, unknown> = {}) => ({
      id: 'corp', name: '公司目录', urls: [slapd.url], bindDn: slapd.bindDn, bindPassword: slapd.bindPassword,
      baseDn: `ou=people,${slapd.baseDn}`, disabledFilter: DISABLED_FILTER, groupMappings: [{ dn: groupDn('engineering'), group: 'ka' }],
      ...overrides,
    });

    it('import adds the directory with its password sealed; importing the same id again updates it', async () => {
      await adminCli(t.config, ['import', importFile(corp())]);
      const stored = await t.ctx.stores.directories.get('corp');
      assert.equal(stored?.config.syncMinutes, 15, 'the default');
      assert.equal(stored?.config.userFilter, '(objectClass=inetOrgPerson)');
      assert.equal(stored?.config.kind, 'ldap', 'the default kind');
      assert.equal(await t.ctx.stores.directories.bindPassword('corp'), slapd.bindPassword);
      // The row as stored: the password only sealed (crypto/secret-box.ts), in no column in plain text.
      const { db } = (t.ctx.stores.directories as unknown as { scope: SqlScope }).scope;
      const row = await db.selectFrom('directories').selectAll().where('id', '=', 'corp').executeTakeFirstOrThrow();
      assert.match(row.bind_password, /^v1\./);
      assert.ok(!JSON.stringify(row).includes(slapd.bindPassword), 'the plain password is in no column');
      await adminCli(t.config, ['import', importFile(corp({ name: '总部目录', syncMinutes: 30, bindPassword: undefined }))]);
      const updated = await t.ctx.stores.directories.get('corp');
      assert.equal(updated?.config.name, '总部目录');
      assert.equal(updated?.config.syncMinutes, 30);
      assert.equal((await t.ctx.stores.directories.list()).length, 1);
    });

    it('an import with a bad directory changes nothing and says why', async () => {
      const result = await runAdminCli(t.config, ['import', importFile(corp({ id: 'broken', userFilter: '(uid=' }))]);
      assert.notEqual(result.status, 0);
      assert.match(result.stderr, /userFilter 不是合法的 LDAP 过滤器/);
      const kind = await runAdminCli(t.config, ['import', importFile(corp({ id: 'broken', kind: 'novell' }))]);
      assert.notEqual(kind.status, 0);
      assert.match(kind.stderr, /目录类型 novell 不正确（应为 ldap 或 active-directory）/);
      assert.equal(await t.ctx.stores.directories.get('broken'), null);
    });

    it('test-directory prints the number of people as a plain number, past the size limit', async () => {
      const out = await adminCli(t.config, ['test-directory', 'corp']);
      assert.equal(out.trim(), '603');
    });

    it('sync-directory prints its counts; a clash is named; link-directory-account links it on purpose', async () => {
      await slapd.addPerson({ uid: 'zhangwei', cn: 'Dir Zhangwei', password: 'Dir-zhangwei-1' }, ['engineering']);
      const out = await adminCli(t.config, ['sync-directory', 'corp']);
      assert.match(out, /^created 602$/m);
      assert.match(out, /^updated 0$/m);
      assert.match(out, /^disabled 0$/m);
      assert.match(out, /^memberships added 2$/m, 'alice and bob to ka; zhangwei is a clash');
      assert.match(out, /^memberships removed 0$/m);
      assert.match(out, /^clashes 1 \(zhangwei\)$/m);
      assert.match(out, /^skipped 0$/m);
      assert.match(out, /^seconds \d+(\.\d+)?$/m);
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200, 'the local account keeps its password');

      await adminCli(t.config, ['link-directory-account', 'zhangwei', 'corp']);
      assert.equal((await t.ctx.stores.users.findUserByName('zhangwei'))?.directoryId, 'corp');
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 'AU00100', 'the local password is gone');
      await t.ctx.lockout.reset('zhangwei');
      assert.equal((await t.client().login('zhangwei', 'Dir-zhangwei-1')).body.code, 200);
    });

    it('unreachable: test-directory and sync-directory exit non-zero with the reason', async () => {
      await adminCli(t.config, ['import', importFile(corp({ urls: [slapd.downUrl], bindPassword: undefined }))]);
      const test = await runAdminCli(t.config, ['test-directory', 'corp']);
      assert.equal(test.status, 1);
      assert.match(test.stderr, /无法连接目录服务器/);
      assert.equal(test.stdout.trim(), '');
      const sync = await runAdminCli(t.config, ['sync-directory', 'corp']);
      assert.equal(sync.status, 1);
      assert.match(sync.stderr, /corp: 无法连接目录服务器/);
      const unknown = await runAdminCli(t.config, ['sync-directory', 'nosuch']);
      assert.equal(unknown.status, 2);
      assert.match(unknown.stderr, /目录 nosuch 不存在/);
    });
  });
}

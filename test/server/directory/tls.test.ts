// A directory's TLS is always verified (issue 30): ldaps:// and StartTLS work with the throw-away CA
// that signed slapd's certificate given as caFile, and are refused (TLS 证书不受信任) with another CA
// or the system's roots; test-directory and sign-in say so, never connecting unverified.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { startSlapd, PEOPLE, type Slapd } from '../../helpers/slapd.ts';
import { directoryInput } from '../../helpers/directory.ts';
import { saveDirectory, testDirectory } from '../../../server/directory/directory-admin.ts';

let slapd: Slapd;
before(async () => { slapd = await startSlapd(); });
after(() => slapd.stop());

for (const backend of testBackends()) {
  describe(`directory TLS (${backend.name})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp(backend); });
    after(() => t.close());

    const save = (overrides: Parameters<typeof directoryInput>[1]) => saveDirectory(t.ctx, directoryInput(slapd, { bindPassword: slapd.bindPassword, ...overrides }));

    it('ldaps:// with the CA that signed the certificate: test-directory counts, a person signs in', async () => {
      await save({ urls: [slapd.ldapsUrl], caFile: slapd.caFile });
      assert.deepEqual(await testDirectory(t.ctx, 'corp'), { ok: true, url: slapd.ldapsUrl, found: 3, error: null });
      assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 200);
    });

    it('StartTLS on ldap:// with the CA, by IP address and by the certificate\'s DNS name', async () => {
      for (const url of [slapd.url, slapd.localhostUrl]) {
        await save({ urls: [url], startTls: true, caFile: slapd.caFile });
        assert.deepEqual(await testDirectory(t.ctx, 'corp'), { ok: true, url, found: 3, error: null });
      }
      assert.equal((await t.client().login('bob', PEOPLE.bob.password)).body.code, 200);
    });

    it('another CA or the system roots: refused as TLS 证书不受信任, and sign-in says the directory is unavailable', async () => {
      for (const overrides of [{ urls: [slapd.ldapsUrl], caFile: slapd.otherCaFile }, { urls: [slapd.ldapsUrl], caFile: null }, { urls: [slapd.url], startTls: true, caFile: null }]) {
        await save(overrides);
        assert.deepEqual(await testDirectory(t.ctx, 'corp'), { ok: false, url: null, found: null, error: 'TLS 证书不受信任' });
      }
      assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 'AU00196');
      assert.equal(await t.ctx.lockout.lockedForMs('alice'), 0);
    });

    it('test-directory names the other reasons: unreachable, bind refused, base DN missing', async () => {
      await save({ urls: [slapd.downUrl] });
      assert.equal((await testDirectory(t.ctx, 'corp')).error, '无法连接目录服务器');
      await save({ bindPassword: 'wrong-bind-password' });
      assert.equal((await testDirectory(t.ctx, 'corp')).error, '目录服务账号绑定失败');
      await save({ bindPassword: slapd.bindPassword, baseDn: `ou=nowhere,${slapd.baseDn}` });
      assert.equal((await testDirectory(t.ctx, 'corp')).error, '基准 DN 不存在');
    });

    it('production refuses plain ldap:// without StartTLS', async () => {
      const production = { ...t.ctx, config: { ...t.ctx.config, production: true } };
      await assert.rejects(saveDirectory(production, directoryInput(slapd, { id: 'plain' })), /生产环境不能使用未加密的/);
      await saveDirectory(production, directoryInput(slapd, { id: 'tls', urls: [slapd.url], startTls: true, caFile: slapd.caFile }));
      await saveDirectory(production, directoryInput(slapd, { id: 'ldaps', urls: [slapd.ldapsUrl], caFile: slapd.caFile }));
    });

    it('bad filters and URLs are refused with a Chinese reason before anything is stored', async () => {
      await assert.rejects(saveDirectory(t.ctx, directoryInput(slapd, { id: 'bad1', userFilter: '(uid=*' })), /userFilter 不是合法的 LDAP 过滤器/);
      await assert.rejects(saveDirectory(t.ctx, directoryInput(slapd, { id: 'bad2', disabledFilter: 'employeeType=disabled)(' })), /disabledFilter 不是合法的 LDAP 过滤器/);
      await assert.rejects(saveDirectory(t.ctx, directoryInput(slapd, { id: 'bad3', urls: ['http://127.0.0.1:389'] })), /目录地址 http:\/\/127.0.0.1:389 不正确/);
      await assert.rejects(saveDirectory(t.ctx, directoryInput(slapd, { id: 'bad4', syncMinutes: 1441 })), /syncMinutes/);
      await assert.rejects(saveDirectory(t.ctx, directoryInput(slapd, { id: 'bad5', groupMappings: [{ dn: 'cn=x', group: 'nosuchgroup' }] })), /组映射中的客户组不存在：nosuchgroup/);
      for (const id of ['bad1', 'bad2', 'bad3', 'bad4', 'bad5']) assert.equal(await t.ctx.stores.directories.get(id), null);
    });
  });
}

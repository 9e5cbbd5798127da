// 删除客户群 in the console (POST /console/groups/remove): the group goes with its app cards and
// memberships; it is refused, and nothing changes, while an app's access rule (OpenID Connect
// client, CAS service, SAML provider) or a directory's mapping names it, and for the default group;
// the delete is in the administrator-action audit with the group as it was.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import {
  accountRow, adminActions, api, assertRefused, casServiceBody, clientBody, consoleClient, groupBody, registerClient,
} from './console-fixture.ts';

for (const backend of testBackends()) {
  describe(`console 删除客户群 (${backend.name})`, () => {
    let t: TestApp;
    let admin: Client;
    before(async () => {
      t = await buildTestApp(backend);
      admin = await consoleClient(t);
    });
    after(() => t.close());

    const post = (name: Parameters<typeof api>[0], json: unknown) => admin.post(api(name), { json });
    const remove = (code: string) => post('consoleRemoveGroup', { code });
    const groupCodes = async () => ((await admin.get(api('consoleListGroups'))).body.data as Array<{ code: string }>).map((g) => g.code);
    const cardIds = async () => ((await admin.get(api('consoleListApps'))).body.data as Array<{ id: string }>).map((a) => a.id);
    const groupsOf = async (username: string): Promise<string[]> => (await accountRow(admin, username))!.groups;
    async function group(code: string): Promise<void> {
      const saved = await post('consoleSaveGroup', groupBody(code));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
    }

    it('removes a group with its app cards and memberships, and audits it', async () => {
      await group('temp-team');
      const card = await post('consoleSaveApp', {
        id: 'temp-card', groupCode: 'temp-team', name: '临时应用', logo: '', intro: '', autoLoginUrl: 'https://temp.example.com/',
        oidcClientId: null, sortOrder: 0, visible: true, isNew: true,
      });
      assert.equal(card.status, 200, JSON.stringify(card.body));
      const granted = await post('consoleSetAccountGroups', { username: 'zhangwei', groups: [...await groupsOf('zhangwei'), 'temp-team'] });
      assert.equal(granted.status, 200, JSON.stringify(granted.body));
      assert.ok((await groupsOf('zhangwei')).includes('temp-team'));

      const removed = await remove('temp-team');
      assert.deepEqual({ status: removed.status, body: removed.body }, { status: 200, body: { code: 200, msg: 'success', data: null } });
      assert.ok(!(await groupCodes()).includes('temp-team'));
      assert.ok(!(await cardIds()).includes('temp-card'), 'the group\'s app card goes with it');
      assert.ok(!(await groupsOf('zhangwei')).includes('temp-team'), 'the membership goes with it');
      assert.ok((await groupsOf('zhangwei')).length > 0, 'the account\'s other memberships stay');

      const audit = (await adminActions(admin)).find((row) => row.action === 'group.remove' && row.target === 'temp-team');
      assert.ok(audit, 'the delete is audited');
      assert.equal(audit.actor, 'admin');
      assert.equal(JSON.parse(audit.before).code, 'temp-team');
      assert.equal(audit.after, null);

      assertRefused(await remove('temp-team'), 'notFound', 'a second delete', '客户群 temp-team 不存在');
    });

    it('refuses while an app\'s access rule names the group, naming the apps; nothing is removed', async () => {
      await group('guarded');
      await registerClient(t, admin, clientBody('guarded-oidc', { groups: ['guarded'] }));
      const cas = await post('consoleSaveCasService', casServiceBody('guarded-cas', { groups: ['guarded', 'ka'] }));
      assert.equal(cas.status, 200, JSON.stringify(cas.body));
      assertRefused(await remove('guarded'), 'badInput', 'apps name it',
        '客户群 guarded 仍在这些应用的访问规则中：guarded-cas、guarded-oidc。请先在这些应用中取消勾选该客户群，再删除');
      assert.ok((await groupCodes()).includes('guarded'));

      // Once no app names it, it can go; the apps keep their other groups.
      const oidc = ((await admin.get(api('consoleListClients'))).body.data as Array<Record<string, any>>).find((c) => c.clientId === 'guarded-oidc')!;
      assert.equal((await post('consoleSaveClient', clientBody('guarded-oidc', { groups: [], expectedUpdatedAt: oidc.updatedAt }))).status, 200);
      const casRow = ((await admin.get(api('consoleListProtocolApps'))).body.data as Array<Record<string, any>>).find((a) => a.id === 'guarded-cas')!;
      assert.equal((await post('consoleSaveCasService', casServiceBody('guarded-cas', { groups: ['ka'], expectedUpdatedAt: casRow.updatedAt }))).status, 200);
      assert.equal((await remove('guarded')).status, 200);
      assert.ok(!(await groupCodes()).includes('guarded'));
    });

    it('refuses while a directory maps people into the group', async () => {
      await group('mapped');
      const saved = await post('consoleSaveDirectory', {
        id: 'hq', name: '总部目录', kind: 'ldap', urls: ['ldap://127.0.0.1:1'], startTls: false, caFile: null, bindDn: 'cn=reader,dc=example,dc=com',
        bindPassword: await admin.encrypt('Reader@2026'), baseDn: 'ou=people,dc=example,dc=com', userFilter: '(objectClass=inetOrgPerson)',
        usernameAttribute: 'uid', phoneAttribute: 'mobile', nameAttribute: 'cn', disabledFilter: null,
        groupMappings: [{ dn: 'cn=sales,ou=groups,dc=example,dc=com', group: 'mapped' }], accountType: 'staff', passwordWriteBack: false,
        syncMinutes: 15, connectTimeoutMs: 1000, expectedUpdatedAt: null,
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assertRefused(await remove('mapped'), 'badInput', 'a directory maps into it',
        '客户群 mapped 仍在这些目录的客户群映射中：总部目录。请先删除这些映射，再删除客户群');
      assert.ok((await groupCodes()).includes('mapped'));
    });

    it('refuses the default group', async () => {
      assertRefused(await remove('default'), 'badInput', 'the default group', '不能删除默认客户群：请先将另一个客户群设为默认');
      assert.ok((await groupCodes()).includes('default'));
    });
  });
}

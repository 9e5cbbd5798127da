// 应用 → CAS 服务与 SAML 应用 in the console, on every storage mode: a CAS service and a SAML
// service provider created, listed, changed, refused over another administrator's change (409
// AU00603), removed; bad input (a regular expression for a service, a DOCTYPE in the metadata, an
// id taken by an OpenID Connect client, an entityID registered twice) refused in Chinese with
// nothing saved; a CAS service created here validates a ticket at once; every change in the
// administrator-action audit with before and after, never the metadata XML.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as samlify from 'samlify';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { loadSamlify } from '../../../server/saml/saml-idp.ts';
import { raw, ticketOf, validateUrl } from '../cas/cas-helpers.ts';
import { POST, REDIRECT } from '../saml/saml-sp.ts';
import { ADMIN, adminActions, api, assertRefused, casServiceBody, clientBody, consoleClient, registerClient, samlSpBody } from './console-fixture.ts';

/** An SP's metadata as samlify writes it (the shape SPs publish). */
function spMetadata(host: string): string {
  return samlify.ServiceProvider({
    entityID: `https://${host}/metadata`, authnRequestsSigned: false, wantAssertionsSigned: true,
    assertionConsumerService: [{ Binding: POST, Location: `https://${host}/acs` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `https://${host}/slo` }],
    nameIDFormat: ['urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'],
  }).getMetadata();
}

for (const backend of testBackends()) {
  describe(`console CAS services and SAML apps (${backend.name})`, () => {
    let t: TestApp;
    let admin: Client;
    before(async () => {
      await loadSamlify();
      t = await buildTestApp(backend, { sensitivePerMinute: 10_000, loginPerAccountPerMinute: 10_000 });
      admin = await consoleClient(t);
    });
    after(() => t.close());

    const post = (name: Parameters<typeof api>[0], json: unknown) => admin.post(api(name), { json });
    const list = async () => (await admin.get(api('consoleListProtocolApps'))).body.data as Record<string, any>[];
    const listed = async (id: string) => (await list()).find((a) => a.id === id);

    it('creates, lists, changes and removes a CAS service; a save over another administrator\'s change is 409 AU00603', async () => {
      const created = await post('consoleSaveCasService', casServiceBody('erp', {
        name: 'ERP 系统', services: ['https://erp.example.com/*', 'https://erp.example.com/login'], groups: ['icar'],
      }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual({ ...created.body.data, updatedAt: 0 }, {
        id: 'erp', protocol: 'cas', name: 'ERP 系统', groups: ['icar'], services: ['https://erp.example.com/*', 'https://erp.example.com/login'],
        saml: null, updatedAt: 0,
      });
      assert.ok(created.body.data.updatedAt >= 1);
      assert.deepEqual(await listed('erp'), created.body.data);
      assertRefused(await post('consoleSaveCasService', casServiceBody('erp')), 'exists', 'the id is taken', 'ID erp 已被使用');

      const read = (await listed('erp'))!;
      const mine = await post('consoleSaveCasService', casServiceBody('erp', { name: '甲的修改', services: ['https://erp.example.com/a/*'], expectedUpdatedAt: read.updatedAt }));
      assert.equal(mine.status, 200, JSON.stringify(mine.body));
      assert.ok(mine.body.data.updatedAt > read.updatedAt, 'the row version moves forward');
      const theirs = await post('consoleSaveCasService', casServiceBody('erp', { name: '乙的修改', expectedUpdatedAt: read.updatedAt }));
      assertRefused(theirs, 'conflict', 'a save from the version before', '该应用已被其他管理员修改，请刷新后再改');
      assert.deepEqual({ name: (await listed('erp'))!.name, services: (await listed('erp'))!.services }, { name: '甲的修改', services: ['https://erp.example.com/a/*'] });

      assert.equal((await post('consoleRemoveProtocolApp', { id: 'erp' })).status, 200);
      assert.equal(await listed('erp'), undefined);
      assertRefused(await post('consoleRemoveProtocolApp', { id: 'erp' }), 'notFound', 'removed twice', '应用 erp 不存在，可能已被删除');
      assertRefused(await post('consoleSaveCasService', casServiceBody('erp', { expectedUpdatedAt: read.updatedAt })), 'notFound', 'a change of a removed app', '应用 erp 不存在，可能已被删除');
      assert.equal(await t.ctx.stores.protocolClients.find('erp'), null);
    });

    it('refuses a regular expression or a bare host as a service, an unknown group and an OpenID Connect client\'s id: 400 / 409 in Chinese, nothing saved', async () => {
      const refused = [
        [['^https://erp\\.example\\.com/.*$'], /不是完整的 http\(s\) 地址/],
        [['https://*.example.com/*'], /不支持正则表达式或中间的 \*/],
        [['https://erp.example.com*'], /地址前缀必须包含主机名后的路径，例如 https:\/\/erp\.example\.com\/\*/],
        [['https://erp.example.com/#top'], /不能含 # 片段/],
        [['javascript:alert(1)'], /不是完整的 http\(s\) 地址/],
      ] as const;
      for (const [services, message] of refused) {
        const answer = await post('consoleSaveCasService', casServiceBody('bad-cas', { services }));
        assert.equal(answer.status, 400, `${services[0]}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.code, 'AU00608');
        assert.match(answer.body.msg, message);
        assert.match(answer.body.msg, /^服务地址 /);
      }
      const group = await post('consoleSaveCasService', casServiceBody('bad-cas', { groups: ['nosuchgroup'] }));
      assertRefused(group, 'badInput', 'an unknown group', '没有客户群 nosuchgroup');
      const badId = await post('consoleSaveCasService', casServiceBody('bad id!'));
      assertRefused(badId, 'badInput', 'an id with a space', 'ID 须为 1-64 位字母、数字、. _ -');
      await registerClient(t, admin, clientBody('oidc-taken'));
      assertRefused(await post('consoleSaveCasService', casServiceBody('oidc-taken')), 'exists', 'an OpenID Connect client\'s id',
        'ID oidc-taken 已是一个 OpenID Connect 客户端，请先删除它或换一个 ID');
      assert.deepEqual((await list()).filter((a) => a.id === 'bad-cas' || a.id === 'oidc-taken'), []);
    });

    it('a CAS service created in the console validates a ticket at once', async () => {
      const service = 'https://intranet.example.com/app/';
      const created = await post('consoleSaveCasService', casServiceBody('intranet', { services: [`${service}*`] }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const browser = t.client();
      assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      const login = await raw(t.app, 'GET', `/cas/login?service=${encodeURIComponent(`${service}home`)}`, browser);
      const ticket = ticketOf(login.location);
      const validated = await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, `${service}home`));
      assert.match(validated.body, /<cas:authenticationSuccess>/);
      assert.match(validated.body, /<cas:user>zhangwei<\/cas:user>/);
    });

    it('registers a SAML SP from pasted metadata, lists its entityID, ACS and NameID format, changes it, refuses a conflict and a second registration of its entityID', async () => {
      const metadata = spMetadata('hr.example.com');
      const created = await post('consoleSaveSamlSp', samlSpBody('hr', metadata, { name: '人事系统', groups: ['icar'] }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual({ ...created.body.data, updatedAt: 0 }, {
        id: 'hr', protocol: 'saml', name: '人事系统', groups: ['icar'], services: [],
        saml: { entityId: 'https://hr.example.com/metadata', acsUrls: ['https://hr.example.com/acs'], nameIdFormat: 'persistent', signResponse: false, metadata },
        updatedAt: 0,
      });
      assert.deepEqual(await listed('hr'), created.body.data);

      const read = (await listed('hr'))!;
      const changed = await post('consoleSaveSamlSp', samlSpBody('hr', metadata, { nameIdFormat: 'unspecified', signResponse: true, expectedUpdatedAt: read.updatedAt }));
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual([changed.body.data.saml.nameIdFormat, changed.body.data.saml.signResponse, changed.body.data.name], ['unspecified', true, null]);
      assertRefused(await post('consoleSaveSamlSp', samlSpBody('hr', metadata, { expectedUpdatedAt: read.updatedAt })), 'conflict', 'a stale SAML save',
        '该应用已被其他管理员修改，请刷新后再改');
      assertRefused(await post('consoleSaveSamlSp', samlSpBody('hr2', metadata)), 'exists', 'the entityID again', 'entityID https://hr.example.com/metadata 已登记为应用 hr');
      assert.equal(await listed('hr2'), undefined);
      assert.match(await t.ctx.stores.protocolClients.find('hr').then((c) => JSON.stringify(c)), /"signResponse":true/);
    });

    it('refuses metadata with a DOCTYPE, metadata that is not an SP\'s and XML that does not parse: 400 in Chinese, nothing saved', async () => {
      const xxe = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&e;"/>';
      assertRefused(await post('consoleSaveSamlSp', samlSpBody('evil-sp', xxe)), 'badInput', 'a DOCTYPE', 'SP 元数据有误：元数据不能含 DOCTYPE 或实体声明（<!DOCTYPE、<!ENTITY）');
      const idp = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></EntityDescriptor>';
      assertRefused(await post('consoleSaveSamlSp', samlSpBody('evil-sp', idp)), 'badInput', 'IdP metadata',
        'SP 元数据有误：元数据中没有（或不止一个）SPSSODescriptor，不是服务提供者的元数据');
      const broken = await post('consoleSaveSamlSp', samlSpBody('evil-sp', '<EntityDescriptor'));
      assert.equal(broken.status, 400, JSON.stringify(broken.body));
      assert.match(broken.body.msg, /^SP 元数据有误：/);
      assert.equal(await listed('evil-sp'), undefined);
      assert.equal(await t.ctx.stores.protocolClients.find('evil-sp'), null);
    });

    it('records every change with before and after, never the metadata XML', async () => {
      const rows = (await adminActions(admin)).filter((r) => r.actor === ADMIN.username);
      const actions = new Set(rows.map((r) => r.action));
      for (const action of ['cas-service.create', 'cas-service.update', 'cas-service.remove', 'saml-sp.create', 'saml-sp.update']) {
        assert.ok(actions.has(action), `${action} in ${[...actions].join(' ')}`);
      }
      const update = rows.find((r) => r.action === 'cas-service.update' && r.target === 'erp')!;
      assert.equal(JSON.parse(update.before).name, 'ERP 系统');
      assert.equal(JSON.parse(update.after).name, '甲的修改');
      const removal = rows.find((r) => r.action === 'cas-service.remove' && r.target === 'erp')!;
      assert.deepEqual([JSON.parse(removal.before).services, removal.after], [['https://erp.example.com/a/*'], null]);
      const saml = rows.find((r) => r.action === 'saml-sp.update' && r.target === 'hr')!;
      assert.deepEqual(JSON.parse(saml.after).saml, { entityId: 'https://hr.example.com/metadata', acsUrls: ['https://hr.example.com/acs'], nameIdFormat: 'unspecified', signResponse: true });
      assert.doesNotMatch(JSON.stringify(rows), /EntityDescriptor|X509Certificate/, 'no metadata XML in the audit');
      assert.equal(rows.some((r) => r.target === 'bad-cas' || r.target === 'evil-sp' || r.target === 'hr2'), false, 'refused saves leave no row');
    });
  });
}

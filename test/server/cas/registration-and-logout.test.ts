// Registering CAS services and SAML SPs with the admin command's code (what it refuses, and
// why), and CAS single logout as an app receives it: one short logoutRequest naming the ticket,
// after 退出登录 in the portal, retried when the app fails the first delivery.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { runProtocolCommand } from '../../../server/cas/protocol-cli.ts';
import { runSamlCommand } from '../../../server/saml/saml-cli.ts';
import { runOidcCommand } from '../../../server/oidc/oidc-cli.ts';
import type { AppContext } from '../../../server/context.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
import { raw, ticketOf, validateUrl } from './cas-helpers.ts';
import { registerTestSp } from '../saml/saml-sp.ts';

for (const backend of testBackends()) describe(`registering CAS services and SAML SPs, CAS single logout (${backend.name})`, () => {
  let t: TestApp;
  let ctx: AppContext;
  let dir: string;
  // The SAML command first, then the CAS / SAML ones, as server/cli.ts asks them.
  const run = async (command: string, args: string[], flags: Record<string, string | boolean | string[]> = {}) =>
    (await runSamlCommand(ctx, command, args, flags)) ?? runProtocolCommand(ctx, command, args, flags);
  const refused = async (flags: Record<string, string | boolean | string[]>, message: RegExp, id = 'svc') => {
    await assert.rejects(run('add-client', [id], flags), message);
  };

  before(async () => {
    t = await buildTestApp(backend);
    ctx = t.ctx;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-reg-'));
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses CAS definitions that are not safe or not complete', async () => {
    await refused({ protocol: 'cas' }, /at least one --service/);
    await refused({ protocol: 'cas', service: ['https://erp.example.com*'] }, /地址前缀必须包含主机名后的路径/);
    await refused({ protocol: 'cas', service: ['javascript:alert(1)'] }, /不是完整的 http\(s\) 地址/);
    await refused({ protocol: 'cas', service: ['https://erp.example.com/a*b*'] }, /不支持正则表达式/);
    await refused({ protocol: 'cas', service: ['https://erp.example.com/#x'] }, /不能含 # 片段/);
    await refused({ protocol: 'cas', service: ['https://erp.example.com/'], group: ['nope'] }, /没有客户群 nope/);
    await refused({ protocol: 'cas', service: ['https://erp.example.com/'] }, /ID 须为 1-64 位字母/, 'bad id!');
    await refused({ protocol: 'ldap' }, /--protocol: oidc, cas or saml/);
  });

  it('one id names one app whatever its protocol; list-clients and remove-client know CAS services', async () => {
    await runOidcCommand(ctx, 'add-client', ['shop'], { 'redirect-uri': ['https://shop.example.com/cb'] });
    await refused({ protocol: 'cas', service: ['https://shop.example.com/'] }, /已是一个 OpenID Connect 客户端/, 'shop');
    assert.equal(await run('add-client', ['dms'], { protocol: 'cas', service: ['https://dms.example.com/*'], name: '经销商管理系统', group: ['icar'] }), 'client dms saved: CAS service');
    await assert.rejects(run('add-client', ['dms'], { 'redirect-uri': ['https://dms.example.com/cb'] }), /is a CAS or SAML app/);
    const list = (await run('list-clients', []))!;
    assert.match(list, /^shop: confidential/m);
    assert.match(list, /^dms \(经销商管理系统\): CAS service\n {2}services: https:\/\/dms\.example\.com\/\*\n {2}groups: icar$/m);
    assert.equal(await run('remove-client', ['dms']), 'client dms removed');
    assert.equal(await run('remove-client', ['shop']), null, 'an OpenID Connect client is left to its own command');
  });

  it('refuses SAML metadata that is missing, hostile or not an SP, and an entityID registered twice', async () => {
    const file = (name: string, text: string) => {
      const at = path.join(dir, name);
      fs.writeFileSync(at, text);
      return at;
    };
    await refused({ protocol: 'saml' }, /--metadata <file or https URL> is required/);
    await refused({ protocol: 'saml', metadata: path.join(dir, 'none.xml') }, /--metadata: no file/);
    await refused({ protocol: 'saml', metadata: file('xxe.xml', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&e;"/>') }, /DOCTYPE/);
    await refused({ protocol: 'saml', metadata: file('idp.xml', '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></EntityDescriptor>') }, /没有（或不止一个）SPSSODescriptor/);
    await refused({ protocol: 'saml', metadata: 'http://sp.example.com/metadata' }, /must be https/);
    await refused({ protocol: 'saml', metadata: file('x.xml', '<x/>'), 'name-id-format': 'email' }, /persistent or unspecified/);
    const sp = await registerTestSp(t, 'hr');
    const again = file('hr.xml', sp.sp.getMetadata());
    await refused({ protocol: 'saml', metadata: again }, /已登记为应用 hr/, 'hr2');
    assert.match((await run('list-clients', []))!, /^hr: SAML service provider\n {2}name id: persistent$/m);
  });

  it('CAS single logout: 退出登录 in the portal POSTs one short logoutRequest naming the ticket, retried after a failure', async () => {
    const received: string[] = [];
    let failures = 1;
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      request.on('end', () => {
        received.push(body);
        response.statusCode = failures-- > 0 ? 500 : 200;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const service = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/app/`;
      await run('add-client', ['intranet'], { protocol: 'cas', service: [`${service}*`] });
      const browser = t.client();
      await browser.login('zhangwei', DEMO.zhangwei);
      const ticket = ticketOf((await raw(t.app, 'GET', `/cas/login?service=${encodeURIComponent(service)}`, browser)).location);
      assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, service))).body, /authenticationSuccess/);
      assert.equal((await browser.get('/api/centerAuth/sso/signout?from=home')).body.code, 200);
      await waitUntilAsync(async () => received.length >= 2, { timeoutMs: 5000, failure: () => 'the logoutRequest was not delivered again after a failure' });
      for (const body of received) {
        assert.ok(body.length < 1023, `mod_auth_cas reads 1023 bytes: ${body.length}`);
        const xml = new URLSearchParams(body).get('logoutRequest')!;
        assert.match(xml, new RegExp(`<samlp:SessionIndex>${ticket}</samlp:SessionIndex>`));
        assert.match(xml, /^<samlp:LogoutRequest [^>]*ID="LR-[0-9a-f]+" Version="2\.0" IssueInstant="[^"]+Z">/);
      }
    } finally {
      receiver.close();
    }
  });
});

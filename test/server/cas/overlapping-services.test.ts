// Issue 31, points 6 and 11: overlapping CAS service patterns of several apps (the most specific
// pattern wins, so a broad app without a group rule never serves a URL of a narrower app that has
// one; the very same pattern in two apps is refused at registration), and https-only service URLs
// and SAML ACS URLs in production (loopback excepted), as OpenID Connect redirect URIs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { runProtocolCommand } from '../../../server/cas/protocol-cli.ts';
import { runSamlCommand } from '../../../server/saml/saml-cli.ts';
import { addCasService, raw, ticketOf, validateUrl } from './cas-helpers.ts';
import { registerTestSp } from '../saml/saml-sp.ts';

for (const backend of testBackends()) describe(`overlapping CAS service patterns (${backend.name})`, () => {
  let t: TestApp;
  let zhangwei: Client;
  let dealer: Client;
  before(async () => {
    t = await buildTestApp(backend);
    // "aaa-wide" sorts first: before issue 31 the first app by id served every URL it matched.
    await addCasService(t.ctx, 'aaa-wide', ['https://corp.example.com/*']);
    await addCasService(t.ctx, 'hr', ['https://corp.example.com/hr/*'], ['default']);
    await addCasService(t.ctx, 'board', ['https://corp.example.com/board'], ['default']);
    zhangwei = t.client();
    assert.equal((await zhangwei.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    dealer = t.client();
    assert.equal((await dealer.login('dealer01', DEMO.dealer01)).body.code, 200);
  });
  after(() => t.close());

  const login = (client: Client, service: string) => raw(t.app, 'GET', `/cas/login?service=${encodeURIComponent(service)}`, client);

  it('the longer prefix wins: a URL under /hr/ is the group-restricted app\'s, not the broad one\'s', async () => {
    const refused = await login(dealer, 'https://corp.example.com/hr/payroll');
    assert.equal(refused.status, 403, 'dealer01 is not in the hr app\'s group');
    assert.match(refused.body, /无权使用该应用/);
    const service = 'https://corp.example.com/hr/payroll';
    const answer = await login(zhangwei, service);
    assert.equal(answer.status, 303);
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticketOf(answer.location), service))).body, /<cas:user>zhangwei</);
    // Elsewhere the broad app (no group rule) still serves.
    assert.equal((await login(dealer, 'https://corp.example.com/wiki')).status, 303);
  });

  it('an exact URL wins over any prefix', async () => {
    assert.equal((await login(dealer, 'https://corp.example.com/board')).status, 403);
    assert.equal((await login(zhangwei, 'https://corp.example.com/board')).status, 303);
  });

  it('refuses the very same pattern in a second app (the CLI here; the console saves through the same saveCasServiceByAdmin)', async () => {
    await assert.rejects(runProtocolCommand(t.ctx, 'add-client', ['copy'], { protocol: 'cas', service: ['https://corp.example.com/hr/*'] }),
      /服务地址 https:\/\/corp.example.com\/hr\/\* 已登记在应用 hr 中/);
    assert.equal(await t.ctx.stores.protocolClients.find('copy'), null);
    // The app itself may keep its own pattern when it is saved again.
    assert.match(String(await runProtocolCommand(t.ctx, 'add-client', ['hr'], { protocol: 'cas', service: ['https://corp.example.com/hr/*'], group: ['default'] })), /saved/);
  });
});

for (const backend of testBackends()) describe(`https service URLs in production (${backend.name})`, () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    t = await buildTestApp(backend, { production: true, seedDemoData: false, publicUrl: 'https://sso.example.com' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-https-'));
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a plain-http CAS service, allows https and loopback', async () => {
    await assert.rejects(runProtocolCommand(t.ctx, 'add-client', ['plain'], { protocol: 'cas', service: ['http://erp.example.com/*'] }),
      /生产环境只允许 https 地址/);
    assert.equal(await t.ctx.stores.protocolClients.find('plain'), null);
    await runProtocolCommand(t.ctx, 'add-client', ['secure'], { protocol: 'cas', service: ['https://erp.example.com/*'] });
    await runProtocolCommand(t.ctx, 'add-client', ['local'], { protocol: 'cas', service: ['http://127.0.0.1:8081/app/*', 'http://localhost/x'] });
  });

  it('refuses SAML metadata with a plain-http assertion consumer service', async () => {
    // registerTestSp registers an https SP; the same metadata with an http ACS is refused.
    const good = await registerTestSp(t, 'goodsp');
    const http = good.sp.getMetadata().replace(/https:\/\/goodsp\.example\.com\/acs/g, 'http://goodsp.example.com/acs').replace(/entityID="[^"]+"/, 'entityID="https://plainsp.example.com/metadata"');
    const file = path.join(dir, 'plain.xml');
    fs.writeFileSync(file, http);
    await assert.rejects(runSamlCommand(t.ctx, 'add-client', ['plainsp'], { protocol: 'saml', metadata: file }), /生产环境只允许 https 地址/);
    assert.equal(await t.ctx.stores.protocolClients.find('plainsp'), null);
  });
});

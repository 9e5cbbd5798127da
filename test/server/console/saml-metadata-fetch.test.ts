// 获取 in the console's SAML form (POST /console/protocol-apps/saml/fetch-metadata), on every storage
// mode: the server fetches an SP's metadata from its URL and answers it with its entityID once it
// passes the checks a save makes; a refusal names the reason and never shows what the address
// answered; each fetch is in the administrator-action audit; nothing is saved by it.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import * as samlify from 'samlify';
import { buildTestApp, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { loadSamlify } from '../../../server/saml/saml-idp.ts';
import { SamlAdminMessages as M } from '../../../contract/errors.ts';
import { POST } from '../saml/saml-sp.ts';
import { adminActions, api, assertRefused, consoleClient } from './console-fixture.ts';

const SECRET_PAGE = 'internal-only: the quarterly figures';

for (const backend of testBackends()) {
  describe(`console SAML 获取 metadata (${backend.name})`, () => {
    let t: TestApp;
    let admin: Client;
    let sp: http.Server;
    let base: string;
    let metadata: string;
    before(async () => {
      await loadSamlify();
      metadata = samlify.ServiceProvider({
        entityID: 'https://erp.example.com/saml', authnRequestsSigned: false, wantAssertionsSigned: true,
        assertionConsumerService: [{ Binding: POST, Location: 'https://erp.example.com/saml/acs' }],
      }).getMetadata();
      sp = http.createServer((request, response) => {
        if (request.url === '/saml/metadata') {
          response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
          return response.end(metadata);
        }
        if (request.url === '/not-xml') return response.end(`${SECRET_PAGE} <`);
        if (request.url === '/page') return response.end(`<html><body>${SECRET_PAGE}</body></html>`);
        response.writeHead(404);
        response.end(SECRET_PAGE);
      });
      await new Promise<void>((resolve) => sp.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(sp.address() as AddressInfo).port}`;
      t = await buildTestApp(backend);
      admin = await consoleClient(t);
    });
    after(async () => {
      await t.close();
      await new Promise<void>((resolve) => sp.close(() => resolve()));
    });

    const fetchMetadata = (url: string) => admin.post(api('consoleFetchSamlMetadata'), { json: { url } });

    it('answers the metadata and its entityID, audits the fetch, and saves nothing', async () => {
      const answer = await fetchMetadata(`${base}/saml/metadata`);
      assert.deepEqual({ status: answer.status, body: answer.body }, {
        status: 200, body: { code: 200, msg: 'success', data: { metadata, entityId: 'https://erp.example.com/saml' } },
      });
      const row = (await adminActions(admin)).find((r) => r.action === 'saml-sp.fetch-metadata' && r.target === `${base}/saml/metadata`);
      assert.ok(row, 'the fetch is audited');
      assert.deepEqual(JSON.parse(row.after), { entityId: 'https://erp.example.com/saml' });
      assert.deepEqual((await admin.get(api('consoleListProtocolApps'))).body.data, []);
    });

    it('refuses with the reason, never with what the address answered', async () => {
      const cases: Array<[string, string]> = [
        [`${base}/missing`, M.metadataFetchStatus(404)],
        [`${base}/not-xml`, M.metadataUnreadable],
        [`${base}/page`, M.metadataNotEntityDescriptor],
        ['http://sp.example.com/saml/metadata', M.metadataUrlHttpsOnly],
        ['not a url', M.metadataUrlBad],
      ];
      for (const [url, reason] of cases) {
        const answer = await fetchMetadata(url);
        assertRefused(answer, 'badInput', url, reason);
        assert.ok(!JSON.stringify(answer.body).includes('quarterly'), `${url}: the answer shows nothing of the page`);
      }
    });
  });
}

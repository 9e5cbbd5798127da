// App cards of apps tied to an OpenID Connect client: getClientListBySsoDomain answers the client's
// registered initiate_login_uri with iss=<issuer> and target_link_uri=<the card's address> as the
// card's URL; cards of apps that are not clients (or of clients without an initiate_login_uri, or
// of removed ones) keep their plain link. Clients change through the admin commands on the running
// server; cards come from the import file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runOidcCommand } from '../../../server/oidc/oidc-cli.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { importData, readImportFile, type ImportApp } from '../../../server/seed/import.ts';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';

// http: the test client speaks plain http (an https issuer gives __Host- cookies it does not send back).
const ISSUER = 'http://sso.example.com';
const CARDS = '/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=localhost';

/** The file an administrator imports: the default group's four demo apps stay, these join them. */
function importFile(dir: string, apps: ImportApp[]): string {
  const file = path.join(dir, `apps-${Date.now()}-${Math.random()}.json`);
  fs.writeFileSync(file, JSON.stringify({
    groups: [{
      code: 'default', name: '企业统一登录平台', aliases: [], domains: ['localhost', '127.0.0.1'], isDefault: true,
      imageList: [{ fileUrl: '/assets/bg/default-1.svg' }], cycleTime: 3, weCom: null, feishu: null, callbackOrigins: [], apps,
    }],
  }));
  return file;
}

for (const backend of testBackends()) describe(`app cards through initiate_login_uri (${backend.name})`, () => {
  let t: TestApp;
  let dir: string;
  let zhangwei: Client;
  before(async () => {
    t = await buildTestApp(backend, { publicUrl: ISSUER, oidcClientCheckMs: 100 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-app-launch-'));
    zhangwei = t.client();
    await zhangwei.login('zhangwei', DEMO.zhangwei);
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const admin = (command: string, args: string[], flags: Record<string, string | boolean | string[]> = {}) =>
    withAdminContext(t.config, (ctx) => runOidcCommand(ctx, command, args, flags));
  const importApps = async (apps: ImportApp[]) => importData(t.ctx.storage, readImportFile(importFile(dir, apps)), Date.now());

  async function cardUrls(): Promise<Record<string, string>> {
    const answer = await zhangwei.get(CARDS);
    assert.equal(answer.body.code, 200, JSON.stringify(answer.body));
    return Object.fromEntries((answer.body.data as { id: string; autoLoginUrl: string }[]).map((a) => [a.id, a.autoLoginUrl]));
  }

  /** Running servers see client changes within five seconds (catalog/app-registry.ts, catalog-cache.ts). */
  async function eventually(id: string, expected: string): Promise<void> {
    const deadline = Date.now() + 6000;
    let seen = '';
    while (Date.now() < deadline) {
      seen = (await cardUrls())[id] ?? '';
      if (seen === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(seen, expected, `card ${id}`);
  }

  it('opens a client app through its initiate_login_uri with iss and target_link_uri', async () => {
    await admin('add-client', ['crm-oidc'], {
      'redirect-uri': ['https://crm.example.org/oidc/callback'], 'initiate-login-uri': 'https://crm.example.org/oidc/login?tenant=7',
    });
    await importApps([{ id: 'crm-oidc-card', name: '客户管理', logo: '', intro: '', autoLoginUrl: 'https://crm.example.org/deals?view=mine', oidcClient: 'crm-oidc' }]);
    const expected = new URL('https://crm.example.org/oidc/login?tenant=7');
    expected.searchParams.set('iss', ISSUER);
    expected.searchParams.set('target_link_uri', 'https://crm.example.org/deals?view=mine');
    await eventually('crm-oidc-card', expected.href);
    const url = new URL((await cardUrls())['crm-oidc-card']!);
    assert.equal(url.origin + url.pathname, 'https://crm.example.org/oidc/login', 'the registered URI, nothing else');
    assert.equal(url.searchParams.get('tenant'), '7', 'its own query is kept');
    assert.equal(url.searchParams.get('iss'), ISSUER, 'iss is exactly the issuer');
    // Nothing of the request goes into the link: another Host header gets the very same one.
    const elsewhere = t.client('evil.example.net');
    await elsewhere.login('zhangwei', DEMO.zhangwei);
    const seenThere = (await elsewhere.get(CARDS)).body.data as { id: string; autoLoginUrl: string }[];
    assert.equal(seenThere.find((a) => a.id === 'crm-oidc-card')?.autoLoginUrl, expected.href);
  });

  it('keeps plain links for apps that are not clients', async () => {
    const urls = await cardUrls();
    assert.equal(urls['default-1'], 'crm.example.com/sso/login', 'as configured, the widget adds the scheme');
    assert.equal(urls['default-3'], 'http://bi.example.com/');
  });

  it('keeps the plain link while the client is unknown or has no initiate_login_uri, and switches when it gets one', async () => {
    // The marker's card tells when the server has reloaded the clients after 'later' was added: its
    // client is added next, and the server reloads the whole client list, so once the marker's card
    // switches, the list the server uses holds 'later' too.
    await importApps([
      { id: 'later-card', name: '稍后接入', logo: '', intro: '', autoLoginUrl: 'later.example.org', oidcClient: 'later' },
      { id: 'reload-marker-card', name: '标记', logo: '', intro: '', autoLoginUrl: 'marker.example.org', oidcClient: 'reload-marker' },
    ]);
    assert.equal((await cardUrls())['later-card'], 'later.example.org', 'no such client yet');
    await admin('add-client', ['later'], { 'redirect-uri': ['https://later.example.org/cb'] });
    await admin('add-client', ['reload-marker'], { 'redirect-uri': ['https://marker.example.org/cb'], 'initiate-login-uri': 'https://marker.example.org/start' });
    await eventually('reload-marker-card', `https://marker.example.org/start?iss=${encodeURIComponent(ISSUER)}`);
    assert.equal((await cardUrls())['later-card'], 'later.example.org', 'a client without initiate_login_uri');
    await admin('add-client', ['later'], { 'redirect-uri': ['https://later.example.org/cb'], 'initiate-login-uri': 'https://later.example.org/start' });
    // No target_link_uri: the stored address has no scheme, and the app must not get a guessed one.
    await eventually('later-card', `https://later.example.org/start?iss=${encodeURIComponent(ISSUER)}`);
  });

  it('falls back to the plain link when the client is removed', async () => {
    await admin('remove-client', ['later']);
    await eventually('later-card', 'later.example.org');
  });

  it('refuses an import whose oidcClient is not a client id', () => {
    const file = importFile(dir, [{ id: 'bad', name: '坏', logo: '', intro: '', autoLoginUrl: 'x.example.org', oidcClient: 'https://evil.example/x' }]);
    assert.throws(() => readImportFile(file), /apps\[0\]\.oidcClient must be a client id/);
  });
});

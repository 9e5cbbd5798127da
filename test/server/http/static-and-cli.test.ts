// What server/server.ts serves besides the API (portal with SPA fallback, widget, app logos, the
// "not built" page), and the admin CLI (npm run admin -- ...).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readConfig } from '../../../server/config.ts';
import { openStorage } from '../../../server/compose.ts';
import { verifyPassword } from '../../../server/auth/passwords.ts';
import { adminCli, runAdminCli } from '../../helpers/admin-cli.ts';
import { startServer, type StartedServer } from '../../helpers/start-server.ts';

/** A GET sent as written (fetch would normalise the path first). */
function rawGet(origin: string, requestTarget: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: requestTarget, headers: { accept: 'text/html' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('static serving', () => {
  let built: StartedServer;
  let bare: StartedServer;
  let dist: string;
  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-dist-'));
    fs.mkdirSync(path.join(dist, 'portal', 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'widget'));
    fs.writeFileSync(path.join(dist, 'portal', 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist, 'portal', 'shell.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(dist, 'portal', 'assets', 'main.js'), 'console.log(1)');
    fs.mkdirSync(path.join(dist, 'portal', 'demo'));
    fs.writeFileSync(path.join(dist, 'portal', 'demo', 'index.html'), '<!doctype html><title>demo</title>');
    fs.writeFileSync(path.join(dist, 'widget', 'sso-widgets.js'), 'export {}');
    built = await startServer({ distDir: dist });
    bare = await startServer({ distDir: path.join(dist, 'missing') });
  });
  after(async () => {
    await built.close();
    await bare.close();
    fs.rmSync(dist, { recursive: true });
  });

  it('serves the portal at / and falls back to it for page routes that accept HTML', async () => {
    for (const p of ['/', '/login', '/any/path?x=1', '/?is_signout=0', '/?brand=exeed']) {
      const res = await fetch(built.url + p, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200, p);
      assert.equal(await res.text(), '<!doctype html><title>portal</title>', p);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, p);
      assert.match(res.headers.get('content-security-policy') ?? '', /style-src 'self'/, p);
      assert.equal(res.headers.get('cross-origin-opener-policy'), 'same-origin', p);
    }
    assert.equal(await (await fetch(`${built.url}/`)).text(), '<!doctype html><title>portal</title>', '/ without an Accept header');
    // The addresses whose page shows no password form get the page built without it (the portal's
    // login page carries the form in its HTML: server/http/portal-page.ts).
    for (const p of ['/home', '/home/', '/admin', '/admin/setup', '/account', '/?is_signout=1', '/login?is_redirect_self=1']) {
      const res = await fetch(built.url + p, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200, p);
      assert.equal(await res.text(), '<!doctype html><title>shell</title>', p);
      assert.equal(res.headers.get('cross-origin-opener-policy'), 'same-origin', p);
    }
    const page = await fetch(`${built.url}/`, { headers: { accept: 'text/html' } });
    assert.match(page.headers.get('set-cookie') ?? '', /^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Lax$/, 'the page already hands out the XSRF cookie');
    assert.equal(await (await fetch(`${built.url}/assets/main.js`)).text(), 'console.log(1)');
    assert.equal((await fetch(`${built.url}/assets/missing.js`)).status, 404, 'a missing asset is not answered with HTML');
    // A request target the URL parser refuses (`//[`) still gets the page, not a 500.
    const odd = await rawGet(built.url, '//[');
    assert.equal(odd.status, 200);
    assert.equal(odd.body, '<!doctype html><title>portal</title>');
    // A folder of the build keeps its own index page: the demo page, not the portal.
    for (const p of ['/demo/']) {
      const res = await fetch(built.url + p, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200, p);
      assert.equal(await res.text(), '<!doctype html><title>demo</title>', p);
    }
  });

  it('serves the widget cross-origin and the demo app logos', async () => {
    const widget = await fetch(`${built.url}/widget/sso-widgets.js`);
    assert.equal(widget.status, 200);
    assert.equal(widget.headers.get('cross-origin-resource-policy'), 'cross-origin');
    const logo = await fetch(`${built.url}/assets/apps/crm.svg`);
    assert.equal(logo.status, 200);
    assert.match(await logo.text(), /^<svg/);
  });

  it('answers a Chinese "not built" page when dist/portal is missing, API still up', async () => {
    const res = await fetch(`${bare.url}/`, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /门户尚未构建[\s\S]*npm run build/);
    const api = await fetch(`${bare.url}/api/centerAuth/sso/isLogin`);
    assert.deepEqual(await api.json(), { code: 200, msg: 'success', data: false });
  });
});

describe('admin CLI', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-cli-'));
  const admin = (...args: string[]) => adminCli({ dataDir }, args);
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds once, adds, resets, unlocks and imports', async () => {
    assert.equal((await admin('seed')).trim(), 'demo data seeded');
    assert.equal((await admin('seed')).trim(), 'demo data already present');
    assert.equal((await adminCli({ dataDir }, ['add-user', 'wangfang', '--phone', '13900000222', '--dealer'], {}, 'Wf#2026strong\n')).trim(), 'added wangfang');
    assert.match((await adminCli({ dataDir }, ['reset-password', 'zhangwei', '--must-change'], {}, 'Reset#2026x\n')), /password of zhangwei reset/);
    assert.equal((await admin('unlock', 'dealer01')).trim(), 'dealer01 unlocked');
    const file = path.join(dataDir, 'import.json');
    fs.writeFileSync(file, JSON.stringify({ groups: [{ code: 'beta', name: '测试组', aliases: [], domains: ['beta.localhost'], imageList: [], cycleTime: 3, weCom: null, feishu: null, callbackOrigins: [], apps: [{ id: 'beta-1', name: '测试应用', logo: '', intro: '', autoLoginUrl: 'beta.example.com' }] }] }));
    assert.equal((await admin('import', file)).trim(), 'imported 1 groups, 1 apps, 0 new users');
    const storage = await openStorage(readConfig({ SSO_DATA_DIR: dataDir }));
    try {
      const zhang = (await storage.stores.users.findUserByName('zhangwei'))!;
      assert.equal(await verifyPassword(zhang.passwordHash, 'Reset#2026x'), true);
      assert.equal(zhang.mustChangePassword, true);
      assert.equal((await storage.stores.users.findUserByName('wangfang'))!.kind, 'dealer');
      assert.deepEqual((await storage.stores.catalog.listApps('beta')).map((a) => a.name), ['测试应用']);
      assert.equal((await storage.stores.catalog.listGroups()).length, 7);
    } finally {
      await storage.close();
    }
  });

  it('explains usage errors with exit code 2', async () => {
    const refused = await runAdminCli({ dataDir }, ['add-user', 'Bad Name']);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /lowercase letters and digits[\s\S]*用法 \/ usage/);
  });

  it('refuses extra positional arguments with exit code 2 and the usage, changing nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['grant', 'dealer01', 'ka', 'exeed'], /grant takes at most 2 arguments; unexpected "exeed"/],
      [['unlock', 'dealer01', 'zhangwei'], /unlock takes at most 1 argument; unexpected "zhangwei"/],
      [['seed', 'now'], /seed takes no arguments; unexpected "now"/],
      [['add-client', 'extra-app', 'typo', '--redirect-uri', 'https://app.example.com/cb'], /add-client takes at most 1 argument; unexpected "typo"/],
      [['remove-client', 'a', 'b'], /remove-client takes at most 1 argument; unexpected "b"/],
      [['list-clients', 'all'], /list-clients takes no arguments/],
      [['rotate-keys', 'now'], /rotate-keys takes no arguments/],
    ];
    for (const [args, message] of cases) {
      const refused = await runAdminCli({ dataDir }, args);
      assert.equal(refused.status, 2, args.join(' '));
      assert.match(refused.stderr, message);
      assert.match(refused.stderr, /用法 \/ usage/);
      assert.equal(refused.stdout, '', 'nothing done');
    }
    assert.doesNotMatch(await admin('list-clients'), /extra-app/);
    assert.doesNotMatch(await admin('audit', '5'), /usage/);
  });
});

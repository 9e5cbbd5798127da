// Clients in the import JSON (npm run admin -- import, run as its own process like an
// administrator would), against a listening server: the imported clients work with openid-client
// (the given secret, the generated one printed once, a public client with PKCE, --group access, the
// consent page of a client imported with consent: what it lists, 同意 and 拒绝);
// importing the same file again changes nothing; bad entries are refused with a message naming the
// entry and the field, and nothing of that import is kept.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { withAdminContext } from '../../../server/admin-context.ts';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { runAdminCli } from '../../helpers/admin-cli.ts';
import { authorizationUrl, codeFlow, exchange, REDIRECT_URI, startOidcServer, untilProviderKnows, type OidcServer } from './oidc-fixture.ts';

const GIVEN_SECRET = 'imported-secret-of-the-crm-0123456789';

const CLIENTS = [
  {
    clientId: 'crm', secret: GIVEN_SECRET, name: '销售管理系统', redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: ['https://crm.example.com/bye'], backchannelLogoutUri: 'https://crm.example.com/oidc/backchannel',
    initiateLoginUri: 'https://crm.example.com/oidc/login', groups: ['default', 'icar'],
  },
  { clientId: 'reports', redirectUris: [REDIRECT_URI], consent: true },
  { clientId: 'mobile', public: true, redirectUris: [REDIRECT_URI] },
  { clientId: 'exeed-only', secret: GIVEN_SECRET, redirectUris: [REDIRECT_URI], groups: ['exeed'] },
];

for (const backend of testBackends()) describe(`clients in the import JSON (${backend.name})`, () => {
  let s: OidcServer;
  let generated: string;
  before(async () => {
    s = await startOidcServer(backend.overrides);
  });
  after(() => s.close());

  function writeFile(name: string, content: unknown): string {
    const file = path.join(s.server.dataDir, name);
    fs.writeFileSync(file, JSON.stringify(content));
    return file;
  }

  /** npm run admin -- import <file>, as another process on the server's storage. */
  const adminImport = (file: string) => runAdminCli(s.server.config, ['import', file]);

  const stored = () => withAdminContext(s.server.config, (ctx) => ctx.stores.oidcClients.list());

  /** A real code flow of zhangwei through the client; the callback URL (code or error). */
  async function signInThrough(rp: oidc.Configuration, user = 'zhangwei', password: string = DEMO.zhangwei) {
    const browser = s.browser();
    assert.equal((await browser.signIn(user, password)).body.code, 200);
    return codeFlow(rp, browser);
  }

  /**
   * Signs in through a client registered with consent: the Chinese consent page lists what the
   * client asks for; 同意 issues the code (exchanged for tokens), 拒绝 answers access_denied.
   */
  async function consentAnswered(rp: oidc.Configuration, decision: 'allow' | 'deny') {
    const browser = s.browser();
    assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    const start = await authorizationUrl(rp);
    const { response } = await browser.follow(start.url.href, REDIRECT_URI);
    assert.equal(response?.status, 200, 'the consent page, not a redirect to the app');
    const page = await response!.text();
    assert.match(page, /<h1>授权确认<\/h1>/);
    assert.match(page, /应用「reports」请求获取以下信息/);
    const listed = [...page.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]);
    assert.deepEqual(listed, ['您的账号标识', '用户名', '手机号', '所属用户组'], 'openid profile phone groups, in words');
    assert.match(page, /<button type="submit" name="decision" value="allow">同意<\/button>/);
    assert.match(page, /<button type="submit" name="decision" value="deny">拒绝<\/button>/);
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
    const answered = await browser.fetch(action, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }).toString(),
    });
    assert.equal(answered.status, 303);
    await answered.arrayBuffer();
    const { url: callback } = await browser.follow(new URL(answered.headers.get('location')!, s.issuer).href, REDIRECT_URI);
    assert.ok(callback.href.startsWith(REDIRECT_URI), callback.href);
    assert.equal(callback.searchParams.get('state'), start.state);
    if (decision === 'deny') {
      assert.equal(callback.searchParams.get('error'), 'access_denied');
      assert.equal(callback.searchParams.get('code'), null);
      return;
    }
    const tokens = await exchange(rp, { start, callback });
    assert.equal(tokens.claims()!.aud, 'reports');
    assert.equal((await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub)).preferred_username, 'zhangwei');
  }

  test('imports the clients: secrets stored hashed, a generated one printed once, every field kept', async () => {
    const run = await adminImport(writeFile('clients.json', { clients: CLIENTS }));
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /4 new or changed clients/);
    const printed = [...run.stdout.matchAll(/client_secret of (\S+) \(shown once, stored hashed\): (\S+)/g)];
    assert.deepEqual(printed.map((m) => m[1]), ['reports'], 'only the confidential client given without a secret');
    generated = printed[0]![2]!;
    const clients = Object.fromEntries((await stored()).map((c) => [c.clientId, c]));
    assert.ok(clients.crm!.secretHash!.startsWith('sha256$') && !clients.crm!.secretHash!.includes(GIVEN_SECRET), 'hashed');
    assert.deepEqual(
      { ...clients.crm!, secretHash: 'hashed', updatedAt: 'set' },
      {
        clientId: 'crm', secretHash: 'hashed', redirectUris: [REDIRECT_URI], postLogoutRedirectUris: ['https://crm.example.com/bye'],
        backchannelLogoutUri: 'https://crm.example.com/oidc/backchannel', initiateLoginUri: 'https://crm.example.com/oidc/login',
        name: '销售管理系统', groups: ['default', 'icar'], consent: false, scopes: ['openid', 'profile', 'phone', 'groups'],
        disabled: false, previousSecretHash: null, previousSecretUntil: null, updatedAt: 'set',
      },
    );
    assert.equal(clients.reports!.consent, true);
    assert.equal(clients.mobile!.secretHash, null, 'public: no secret');
  });

  test('the running server uses them: the given secret, the generated one, a public client with PKCE', async () => {
    for (const id of ['crm', 'reports', 'mobile']) await untilProviderKnows(s.server.url, id);
    const crm = await s.relyingParty('crm', GIVEN_SECRET);
    const tokens = await exchange(crm, await signInThrough(crm));
    assert.equal(tokens.claims()!.aud, 'crm');
    const reports = await s.relyingParty('reports', generated, 'post');
    const consent = await signInThrough(reports);
    assert.equal(consent.callback.href.startsWith(REDIRECT_URI), false, 'registered with consent: the consent page comes first');
    await consentAnswered(reports, 'allow');
    await consentAnswered(reports, 'deny');
    const mobile = await s.relyingParty('mobile', null);
    assert.equal((await exchange(mobile, await signInThrough(mobile))).claims()!.aud, 'mobile');
  });

  test('groups of an imported client decide who may use it', async () => {
    const rp = await s.relyingParty('exeed-only', GIVEN_SECRET);
    const flow = await signInThrough(rp, 'dealer01', DEMO.dealer01);
    assert.equal(flow.callback.searchParams.get('error'), 'access_denied');
  });

  test('importing the same file again changes nothing: same secrets, no new one printed', async () => {
    const before_ = await stored();
    const run = await adminImport(writeFile('clients-again.json', { clients: CLIENTS }));
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /clients|client_secret/, run.stdout);
    assert.deepEqual(await stored(), before_, 'not even the salt of a hash changed');
    const reports = await s.relyingParty('reports', generated, 'basic');
    const answer = await oidc.genericGrantRequest(reports, 'refresh_token', { refresh_token: 'nope' }).catch((e: { error?: string }) => e);
    assert.equal((answer as { error?: string }).error, 'invalid_grant', 'the generated secret still authenticates (not invalid_client)');
  });

  test('a changed entry is saved; a client missing from the file is left alone', async () => {
    const changed = CLIENTS.map((c) => (c.clientId === 'crm' ? { ...c, name: '客户管理', groups: ['default'] } : c)).filter((c) => c.clientId !== 'mobile');
    const run = await adminImport(writeFile('clients-changed.json', { clients: changed }));
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /1 new or changed clients/);
    const clients = Object.fromEntries((await stored()).map((c) => [c.clientId, c]));
    assert.equal(clients.crm!.name, '客户管理');
    assert.deepEqual(clients.crm!.groups, ['default']);
    assert.ok(clients.mobile, 'an import adds and updates, never removes');
  });

  test('bad entries are refused, naming the entry and the field; nothing of that import is kept', async () => {
    const cases: [unknown, RegExp][] = [
      [[{ clientId: 'x' }], /clients\[0\]\.redirectUris must be a list of at least one absolute http\(s\) URL/],
      [[{ clientId: 'x', redirectUris: [] }], /clients\[0\]\.redirectUris must be a list of at least one/],
      [[{ clientId: 'x y', redirectUris: [REDIRECT_URI] }], /clients\[0\]\.clientId must be a client id/],
      [[CLIENTS[0], { clientId: 'x', secret: 'short', redirectUris: [REDIRECT_URI] }], /clients\[1\]\.secret must be a string of at least 24 characters/],
      [[{ clientId: 'x', redirectUris: [REDIRECT_URI], grantTypes: ['implicit'] }], /clients\[0\]\.grantTypes is not a client field/],
      [[{ clientId: 'x', redirectUris: [REDIRECT_URI], scopes: ['openid', 'offline_access'] }], /clients\[0\]\.scopes: unknown scope offline_access/],
      [[{ clientId: 'x', redirectUris: [REDIRECT_URI], scopes: ['profile'] }], /clients\[0\]\.scopes: must include openid/],
      [[{ clientId: 'x', redirectUris: ['https://x.example.com/cb#frag'] }], /clients\[0\]\.redirectUris: no #fragment allowed/],
      [[{ clientId: 'x', redirectUris: ['javascript:alert(1)'] }], /clients\[0\]\.redirectUris: http or https only/],
      [[{ clientId: 'x', public: true, secret: GIVEN_SECRET, redirectUris: [REDIRECT_URI] }], /clients\[0\]\.secret: public clients have no secret/],
      [[{ clientId: 'x', redirectUris: [REDIRECT_URI] }, { clientId: 'x', redirectUris: [REDIRECT_URI] }], /clients\[1\]\.clientId: "x" is listed twice/],
      [{ clientId: 'x' }, /clients must be a list/],
    ];
    for (const [clients, message] of cases) {
      const run = await adminImport(writeFile('bad.json', { clients }));
      assert.equal(run.status, 1, `${JSON.stringify(clients)}: ${run.stdout}`);
      assert.match(run.stderr, message, JSON.stringify(clients));
    }
    // Checked against the database: a group no one has. The group of the same file is rolled back too.
    const before_ = await stored();
    const run = await adminImport(writeFile('bad-group.json', {
      groups: [{ code: 'newbrand', name: '新品牌', domains: ['newbrand.localhost'] }],
      clients: [{ clientId: 'x', redirectUris: [REDIRECT_URI], groups: ['newbrand', 'nope'] }],
    }));
    assert.equal(run.status, 1, run.stdout);
    assert.match(run.stderr, /clients\[0\]\.groups: no group nope/);
    assert.deepEqual(await stored(), before_);
    const groups = await withAdminContext(s.server.config, (ctx) => ctx.stores.catalog.listGroups());
    assert.ok(!groups.some((g) => g.code === 'newbrand'), 'the whole import was rolled back');
  });

  test('a client may name a group the same file brings', async () => {
    const run = await adminImport(writeFile('with-group.json', {
      groups: [{ code: 'newbrand', name: '新品牌', domains: ['newbrand.localhost'] }],
      clients: [{ clientId: 'newbrand-app', secret: GIVEN_SECRET, redirectUris: [REDIRECT_URI], groups: ['newbrand'] }],
    }));
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual((await stored()).find((c) => c.clientId === 'newbrand-app')?.groups, ['newbrand']);
  });
});

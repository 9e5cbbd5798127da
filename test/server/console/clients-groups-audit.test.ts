// 应用, 客户群 and 审计 in the console: a new client through the console, saves that would
// overwrite another administrator's change (409 AU00603, nothing half-saved), bad client input,
// a secret rotated with a grace period (the old secret authenticates at the token endpoint within
// it, not without), a disabled client's refresh refused; a group's theme and embedding origins
// (an origin with a path refused in Chinese) and its save conflict; the sign-in audit's filters,
// pages and CSV export (UTF-8 BOM, formulas made inert); the administrator-action audit with actor
// and before/after, never a secret or a password hash.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { buildTestApp, DEMO, testBackends, type Answer, type Client, type TestApp } from '../../helpers/test-app.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
import { Browser } from '../oidc/browser.ts';
import { codeFlow, exchange, REDIRECT_URI } from '../oidc/oidc-fixture.ts';
import {
  ADMIN, adminActions, api, assertRefused, clientBody, consoleClient, groupBody, introspectAs, listen, rawGet, reauth, registerClient,
} from './console-fixture.ts';

const BRAND_ORIGIN = 'https://brand.example.com';
const THEME = { primaryColor: '#0a5cd5', primaryHoverColor: '#084aa8', backgroundFrom: '#eef4ff', backgroundTo: '#ffffff', logoUrl: '/assets/brand-x.svg' };

for (const backend of testBackends()) {
  describe(`console clients, groups and audit (${backend.name})`, () => {
    let t: TestApp;
    let issuer: string;
    let admin: Client;
    /** Every secret the console or the CLI code handed out in this run: none may reach the audit. */
    const secrets: string[] = [];
    before(async () => {
      t = await buildTestApp(backend, { oidcClientCheckMs: 100, sensitivePerMinute: 10_000, loginPerAccountPerMinute: 10_000 });
      issuer = await listen(t);
      admin = await consoleClient(t);
    });
    after(() => t.close());

    const post = (name: Parameters<typeof api>[0], json: unknown) => admin.post(api(name), { json });
    const listed = async (clientId: string) =>
      ((await admin.get(api('consoleListClients'))).body.data as Record<string, any>[]).find((c) => c.clientId === clientId);
    const listedGroup = async (code: string) =>
      ((await admin.get(api('consoleListGroups'))).body.data as Record<string, any>[]).find((g) => g.code === code);
    /** Waits until the running provider has the client change (catalog/app-registry.ts reloads every 100 ms here). */
    const untilAuth = async (clientId: string, secret: string, status: number) =>
      waitUntilAsync(async () => (await introspectAs(t, clientId, secret)) === status, {
        timeoutMs: 5000, failure: () => `client ${clientId}: authentication did not become ${status}`,
      });
    async function client(clientId: string, fields: Record<string, unknown> = {}): Promise<{ created: Answer; secret: string }> {
      const { created, secret } = await registerClient(t, admin, clientBody(clientId, fields));
      assert.ok(secret, `no secret for ${clientId}`);
      secrets.push(secret);
      return { created, secret };
    }

    it('creates a confidential client through the console: 200, the secret shown once, never listed', async () => {
      const { created, secret } = await client('new-app', { name: '新应用' });
      assert.equal(created.status, 200, `POST /console/clients/save of a new client: ${JSON.stringify(created.body)}`);
      assert.equal(created.body.data.secret, secret);
      assert.deepEqual({ ...created.body.data.client, updatedAt: 0 }, {
        clientId: 'new-app', name: '新应用', public: false, redirectUris: ['https://app.example.com/callback'], postLogoutRedirectUris: [],
        backchannelLogoutUri: null, initiateLoginUri: null, groups: [], consent: false, scopes: ['openid', 'profile', 'phone', 'groups'],
        disabled: false, previousSecretUntil: null, updatedAt: 0,
      });
      assert.equal(JSON.stringify((await admin.get(api('consoleListClients'))).body).includes(secret), false);
      assertRefused(await post('consoleSaveClient', clientBody('new-app')), 'exists', 'the id is taken', '客户端 ID new-app 已被使用');
    });

    it('creates a group through the console (expectedUpdatedAt null)', async () => {
      const created = await post('consoleSaveGroup', groupBody('fresh-group'));
      assert.equal(created.status, 200, `POST /console/groups/save of a new group: ${JSON.stringify(created.body)}`);
      assert.equal(created.body.data.code, 'fresh-group');
    });

    it('keeps a client without a name as null (not an empty name)', async () => {
      await client('nameless-app');
      const current = await listed('nameless-app');
      const saved = await post('consoleSaveClient', clientBody('nameless-app', { name: null, expectedUpdatedAt: current!.updatedAt }));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.client.name, null);
      assert.equal((await listed('nameless-app'))!.name, null);
    });

    it('keeps the scopes an administrator allows: every one for a new client, the chosen ones after a save, unknown ones refused', async () => {
      await client('scoped-app');
      const created = await listed('scoped-app');
      assert.deepEqual(created!.scopes, ['openid', 'profile', 'phone', 'groups']);
      const narrowed = await post('consoleSaveClient', clientBody('scoped-app', { scopes: ['openid', 'profile'], expectedUpdatedAt: created!.updatedAt }));
      assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));
      assert.deepEqual((await listed('scoped-app'))!.scopes, ['openid', 'profile']);
      // A save that does not name them keeps them.
      const renamed = await post('consoleSaveClient', clientBody('scoped-app', { name: '范围应用', expectedUpdatedAt: narrowed.body.data.client.updatedAt }));
      assert.deepEqual(renamed.body.data.client.scopes, ['openid', 'profile']);
      const unknown = await post('consoleSaveClient', clientBody('scoped-app', { scopes: ['openid', 'email'], expectedUpdatedAt: renamed.body.data.client.updatedAt }));
      assert.equal(unknown.status, 400, JSON.stringify(unknown.body));
      assert.deepEqual((await listed('scoped-app'))!.scopes, ['openid', 'profile'], 'nothing saved');
    });

    it('refuses a save over another administrator\'s change (409 AU00603): of two with the same expectedUpdatedAt one wins whole', async () => {
      const { secret } = await client('conflict-app', { name: '原名' });
      const before = await listed('conflict-app');
      assert.ok(before, 'the client is listed');
      const mine = clientBody('conflict-app', {
        name: '甲的修改', redirectUris: ['https://a.example.com/cb'], postLogoutRedirectUris: ['https://a.example.com/'], expectedUpdatedAt: before.updatedAt,
      });
      const theirs = clientBody('conflict-app', {
        name: '乙的修改', redirectUris: ['https://b.example.com/cb', 'https://b.example.com/cb2'], groups: ['ka'], consent: true, expectedUpdatedAt: before.updatedAt,
      });
      const answers = await Promise.all([post('consoleSaveClient', mine), post('consoleSaveClient', theirs)]);
      const summary = JSON.stringify(answers.map((a) => [a.status, a.body.code]));
      const won = answers.filter((a) => a.status === 200);
      assert.equal(won.length, 1, summary);
      const lost = answers.find((a) => a.status !== 200)!;
      assertRefused(lost, 'conflict', summary, '该客户端已被其他管理员修改，请刷新后再改');
      assert.equal(won[0]!.body.data.secret, null, 'a change shows no secret');
      const winner = won[0] === answers[0] ? mine : theirs;
      const after = await listed('conflict-app');
      assert.deepEqual(
        [after!.name, after!.redirectUris, after!.postLogoutRedirectUris, after!.groups, after!.consent],
        [winner.name, winner.redirectUris, winner.postLogoutRedirectUris, winner.groups, winner.consent], 'the winner\'s save, whole',
      );
      assert.notEqual(after!.updatedAt, before.updatedAt);
      // The same stale version once more: still refused, nothing changes.
      assertRefused(await post('consoleSaveClient', { ...mine, name: '迟到的修改' }), 'conflict', 'the stale version again', '该客户端已被其他管理员修改，请刷新后再改');
      assert.equal((await listed('conflict-app'))!.name, winner.name);
      // The change kept the secret.
      await untilAuth('conflict-app', secret, 200);
      assertRefused(await post('consoleSaveClient', clientBody('ghost-app', { expectedUpdatedAt: 1 })), 'notFound', 'a change of no client',
        '客户端 ghost-app 不存在，可能已被删除');
    });

    it('refuses bad client input with a Chinese message and saves nothing', async () => {
      const current = await listed('conflict-app');
      const bad = await post('consoleSaveClient', clientBody('conflict-app', { redirectUris: ['not-a-url'], expectedUpdatedAt: current!.updatedAt }));
      assert.deepEqual([bad.status, bad.body.code, bad.body.data], [400, 'AU00608', null], JSON.stringify(bad.body));
      assert.match(bad.body.msg, /回调地址/);
      const unknownGroup = await post('consoleSaveClient', clientBody('conflict-app', { groups: ['nosuch'], expectedUpdatedAt: current!.updatedAt }));
      assert.deepEqual([unknownGroup.status, unknownGroup.body.code], [400, 'AU00608'], JSON.stringify(unknownGroup.body));
      const schema = await post('consoleSaveClient', { ...clientBody('conflict-app'), redirectUris: [] });
      assert.deepEqual({ status: schema.status, body: schema.body }, { status: 400, body: { code: 400, msg: '参数 redirectUris 格式不正确', data: null } });
      assert.deepEqual(await listed('conflict-app'), current, 'nothing saved');
      // Last: the messages themselves are Chinese (the values the administrator typed aside).
      for (const [answer, typed] of [[bad, 'not-a-url'], [unknownGroup, 'nosuch']] as const) {
        const words = answer.body.msg.replace(typed, '').match(/[A-Za-z]{3,}/g);
        assert.equal(words, null, `the message is not Chinese: ${answer.body.msg}`);
      }
    });

    it('rotates a secret only after re-authentication; the old one works during the grace and not without one', async () => {
      const { secret: original } = await client('rotate-app');
      await untilAuth('rotate-app', original, 200);
      t.clock.advance(6 * 60_000);
      assertRefused(await post('consoleRotateClientSecret', { clientId: 'rotate-app', graceMinutes: 60 }), 'reauthRequired');
      assertRefused(await post('consoleRotateSigningKey', {}), 'reauthRequired', 'the signing key asks too');
      // Back to the real time: the grace's end is set by the app's clock and checked against the
      // real one (the provider's client authentication), which no test clock moves.
      t.clock.advance(-6 * 60_000);
      assert.equal((await reauth(admin)).status, 200);

      const first = await post('consoleRotateClientSecret', { clientId: 'rotate-app', graceMinutes: 60 });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const rotated = first.body.data.secret as string;
      secrets.push(rotated);
      assert.notEqual(rotated, original);
      assert.equal(first.body.data.client.previousSecretUntil, t.clock.now() + 60 * 60_000);
      await untilAuth('rotate-app', rotated, 200);
      assert.equal(await introspectAs(t, 'rotate-app', original), 200, 'the old secret within its 60 minutes');
      assert.equal(await introspectAs(t, 'rotate-app', 'not-the-secret-at-all-000000'), 401);

      const second = await post('consoleRotateClientSecret', { clientId: 'rotate-app', graceMinutes: 0 });
      assert.equal(second.status, 200);
      const newest = second.body.data.secret as string;
      secrets.push(newest);
      await untilAuth('rotate-app', newest, 200);
      assert.equal(await introspectAs(t, 'rotate-app', rotated), 401, 'no grace: the secret before is refused at once');
      assert.equal(await introspectAs(t, 'rotate-app', original), 401, 'and the one before that');
      assert.equal(JSON.stringify((await admin.get(api('consoleListClients'))).body).includes(newest), false);

      assertRefused(await post('consoleRotateClientSecret', { clientId: 'no-such-app', graceMinutes: 0 }), 'notFound', '', '客户端 no-such-app 不存在');
    });

    it('a disabled client is refused at the token endpoint (its refresh too) until enabled', async () => {
      const { secret } = await client('flow-app', { redirectUris: [REDIRECT_URI] });
      await untilAuth('flow-app', secret, 200);
      const config = await oidc.discovery(new URL(issuer), 'flow-app', undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
      const browser = new Browser(issuer);
      assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
      const tokens = await exchange(config, await codeFlow(config, browser));

      const disabled = await post('consoleSetClientDisabled', { clientId: 'flow-app', disabled: true });
      assert.equal(disabled.status, 200);
      assert.equal(disabled.body.data.disabled, true);
      await untilAuth('flow-app', secret, 401);
      // openid-client reports a 401 client-authentication refusal as its WWW-Authenticate challenge.
      await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), (error: { error?: string; cause?: { parameters?: { error?: string } }[] }) => {
        assert.equal(error.error ?? error.cause?.[0]?.parameters?.error, 'invalid_client');
        return true;
      });
      const signIn = await codeFlow(config, browser).catch((error: Error) => error);
      assert.ok(signIn instanceof Error || signIn.callback.searchParams.get('code') === null, 'no code for a disabled client');
      assert.equal((await listed('flow-app'))!.disabled, true);

      assert.equal((await post('consoleSetClientDisabled', { clientId: 'flow-app', disabled: false })).body.data.disabled, false);
      await untilAuth('flow-app', secret, 200);
      assertRefused(await post('consoleSetClientDisabled', { clientId: 'no-such-app', disabled: true }), 'notFound', '', '客户端 no-such-app 不存在');
    });

    it('saves a group with its theme and embedding origins; the login page gets them; an origin with a path is refused', async () => {
      const created = await post('consoleSaveGroup', groupBody('brand-x', { name: '品牌 X', domains: ['brandx.localhost'], expectedUpdatedAt: null }));
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const before = await listedGroup('brand-x');
      const saved = await post('consoleSaveGroup', groupBody('brand-x', {
        name: '品牌 X', domains: ['brandx.localhost', 'BrandX2.localhost'], domainUrl: 'https://brandx.example.com', callbackOrigins: [BRAND_ORIGIN, `${BRAND_ORIGIN}/`],
        theme: THEME, expectedUpdatedAt: before!.updatedAt,
      }));
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.data.theme, THEME);
      assert.deepEqual(saved.body.data.callbackOrigins, [BRAND_ORIGIN]);
      assert.deepEqual(saved.body.data.domains, ['brandx.localhost', 'brandx2.localhost']);
      const page = await t.client().get('/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=brandx2.localhost');
      assert.equal(page.body.data.code, 'brand-x');
      assert.deepEqual(page.body.data.theme, THEME);
      assert.deepEqual(page.body.data.callbackOrigins, [BRAND_ORIGIN]);

      const current = await listedGroup('brand-x');
      const withPath = await post('consoleSaveGroup', groupBody('brand-x', {
        name: '品牌 X', callbackOrigins: [`${BRAND_ORIGIN}/login`], theme: THEME, expectedUpdatedAt: current!.updatedAt,
      }));
      assertRefused(withPath, 'badInput', 'an origin with a path', `"${BRAND_ORIGIN}/login" 不是来源（如 https://dealer.example.com，不带路径）`);
      const badColour = await post('consoleSaveGroup', groupBody('brand-x', { theme: { ...THEME, primaryColor: 'blue' }, expectedUpdatedAt: current!.updatedAt }));
      assert.deepEqual({ status: badColour.status, body: badColour.body }, { status: 400, body: { code: 400, msg: '参数 theme.primaryColor 格式不正确', data: null } });
      const taken = await post('consoleSaveGroup', groupBody('brand-x', { domains: ['localhost'], expectedUpdatedAt: current!.updatedAt }));
      assert.equal(taken.status, 400);
      assert.match(taken.body.msg, /^域名已属于客户群 /);
      assert.deepEqual(await listedGroup('brand-x'), current, 'nothing saved');
    });

    it('refuses a group save over another administrator\'s change (409 AU00603); one wins whole', async () => {
      const current = await listedGroup('brand-x');
      const mine = groupBody('brand-x', { name: '甲改的名字', domains: ['brandx.localhost'], theme: THEME, sortOrder: 1, expectedUpdatedAt: current!.updatedAt });
      const theirs = groupBody('brand-x', { name: '乙改的名字', domains: ['brandx.localhost'], staffOnly: true, theme: null, sortOrder: 2, expectedUpdatedAt: current!.updatedAt });
      const answers = await Promise.all([post('consoleSaveGroup', mine), post('consoleSaveGroup', theirs)]);
      const summary = JSON.stringify(answers.map((a) => [a.status, a.body.code]));
      assert.equal(answers.filter((a) => a.status === 200).length, 1, summary);
      assertRefused(answers.find((a) => a.status !== 200)!, 'conflict', summary, '该客户群已被其他管理员修改，请刷新后再改');
      const winner = answers[0]!.status === 200 ? mine : theirs;
      const after = await listedGroup('brand-x');
      assert.deepEqual([after!.name, after!.staffOnly, after!.theme, after!.sortOrder], [winner.name, winner.staffOnly, winner.theme, winner.sortOrder]);
      assertRefused(await post('consoleSaveGroup', { ...mine, name: '迟到' }), 'conflict', 'the stale version again', '该客户群已被其他管理员修改，请刷新后再改');
    });

    it('filters the sign-in audit by username, method, result and time, 50 to a page', async () => {
      t.clock.advance(1000); // apart from the sign-ins of the tests above
      const start = t.clock.now();
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
      assert.equal((await t.client().login('zhangwei', 'Wrong#2026pw')).body.code, 'AU00100');
      t.clock.advance(3600_000);
      const later = t.clock.now();
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
      admin = await consoleClient(t); // the console session idled out during that hour
      const query = async (filters: Record<string, string | number>) => {
        const params = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]));
        const answer = await admin.get(`${api('consoleSignInAudit')}?${params}`);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return answer.body.data as { items: { at: number; username: string; method: string; result: string; ip: string; clientId: string | null }[]; total: number; page: number; pageSize: number };
      };
      const zhangwei = await query({ username: 'zhangwei', from: start });
      assert.deepEqual(zhangwei.items.map((r) => [r.method, r.result, r.at]),
        [['password', 'success', later], ['password', 'bad_credentials', start], ['password', 'success', start]], 'newest first');
      assert.ok(zhangwei.items.every((r) => r.ip === '127.0.0.1' && r.clientId === null));
      assert.equal((await query({ username: 'zhangwei', from: start, result: 'bad_credentials' })).total, 1);
      assert.equal((await query({ username: 'zhangwei', from: later })).total, 1, 'from is inclusive');
      assert.equal((await query({ username: 'zhangwei', from: start, to: later })).total, 2, 'to is exclusive');
      const consoleRows = await query({ method: 'console', username: ADMIN.username });
      assert.ok(consoleRows.total >= 2 && consoleRows.items.every((r) => r.method === 'console' && r.result === 'success'));
      assert.equal((await query({ method: 'mobile', username: 'zhangwei', from: start })).total, 0);
      const badMethod = await admin.get(`${api('consoleSignInAudit')}?method=carrier-pigeon`);
      assert.equal(badMethod.status, 400);

      // 60 rows of one account: two pages of 50.
      for (let i = 0; i < 60; i++) {
        await t.ctx.stores.audit.recordLogin({ username: 'bulkuser', at: later + i, ip: '10.0.0.9', method: 'password', result: 'bad_credentials', clientId: null });
      }
      const first = await query({ username: 'bulkuser' });
      assert.deepEqual([first.total, first.page, first.pageSize, first.items.length], [60, 1, 50, 50]);
      assert.equal(first.items[0]!.at, later + 59, 'newest first');
      const second = await query({ username: 'bulkuser', page: 2 });
      assert.deepEqual([second.page, second.items.length, second.items.at(-1)!.at], [2, 10, later]);
      assert.equal((await query({ ip: '10.0.0.9' })).total, 60);
    });

    it('exports the sign-ins as CSV: text/csv, a BOM, the filters applied, formulas made inert', async () => {
      for (const name of ['=HYPERLINK("http://evil.example/")', '+cmd', '-2+3', '@SUM(A1)']) {
        const refused = await t.client().login(name, 'Wrong#2026pw');
        assert.equal(refused.body.code, 'AU00100', name);
      }
      const csv = await rawGet(t, admin, `${api('consoleSignInAuditCsv')}?result=bad_credentials`);
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-type']), /^text\/csv; charset=utf-8$/i);
      assert.match(String(csv.headers['content-disposition']), /^attachment; filename="sign-ins\.csv"$/);
      assert.equal(csv.headers['cache-control'], 'no-store');
      const text = csv.rawPayload.toString('utf8');
      assert.equal(csv.rawPayload.subarray(0, 3).toString('hex'), 'efbbbf', 'UTF-8 BOM');
      const lines = text.slice(1).split('\r\n').filter(Boolean);
      assert.equal(lines[0], '"time","username","ip","method","result","client"');
      assert.ok(lines.slice(1).every((line) => line.includes('"bad_credentials"')), 'only the filtered rows');
      assert.ok(lines.includes(`"${new Date(t.clock.now()).toISOString()}","'=HYPERLINK(""http://evil.example/"")","127.0.0.1","password","bad_credentials",""`),
        lines.slice(0, 6).join('\n'));
      for (const inert of [`"'+cmd"`, `"'-2+3"`, `"'@SUM(A1)"`]) assert.ok(lines.some((line) => line.includes(inert)), inert);
      assert.equal(lines.some((line) => /(^|,)"[=+\-@]/.test(line)), false, 'no field starts with a formula character');
      const bulk = await rawGet(t, admin, `${api('consoleSignInAuditCsv')}?username=bulkuser`);
      assert.equal(bulk.rawPayload.toString('utf8').split('\r\n').filter(Boolean).length, 61, 'all 60 rows and the header: no pages');
      const stranger = await rawGet(t, t.client(), api('consoleSignInAuditCsv'));
      assert.equal(stranger.statusCode, 401);
      assert.deepEqual(stranger.json(), { code: 'AU00600', msg: '请先登录管理控制台', data: null });
    });

    it('rotates the signing key (after re-authentication) and answers its kid', async () => {
      assert.equal((await reauth(admin)).status, 200);
      const rotated = await post('consoleRotateSigningKey', {});
      assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
      assert.match(rotated.body.data.kid, /^\S{8,}$/);
    });

    it('lists each action with its actor and before/after, and never a secret or a password hash', async () => {
      const rows = await adminActions(admin);
      const mine = rows.filter((r) => r.actor === ADMIN.username);
      const actions = new Set(mine.map((r) => r.action));
      for (const action of ['client.update', 'client.rotate-secret', 'client.disable', 'client.enable', 'group.update', 'keys.rotate']) {
        assert.ok(actions.has(action), `${action} in ${[...actions].join(' ')}`);
      }
      const update = mine.find((r) => r.action === 'client.update' && r.target === 'conflict-app')!;
      assert.equal(update.ip, '127.0.0.1');
      assert.equal(JSON.parse(update.before).name, '原名');
      assert.ok(['甲的修改', '乙的修改'].includes(JSON.parse(update.after).name));
      const disable = mine.find((r) => r.action === 'client.disable' && r.target === 'flow-app')!;
      assert.equal(JSON.parse(disable.after).disabled, true);
      // The oldest of the group's changes: the theme's first save.
      const group = mine.filter((r) => r.action === 'group.update' && r.target === 'brand-x').at(-1)!;
      assert.equal(JSON.parse(group.before).theme, null);
      assert.deepEqual(JSON.parse(group.after).theme, THEME);
      const rotation = mine.filter((r) => r.action === 'client.rotate-secret' && r.target === 'rotate-app');
      assert.deepEqual(rotation.map((r) => JSON.parse(r.after)), [{ graceMinutes: 0 }, { graceMinutes: 60 }]);
      assert.ok(rows.every((r) => typeof r.at === 'number' && r.actor && r.action && r.target));

      const everything = JSON.stringify(rows);
      assert.ok(secrets.length >= 6, `secrets seen: ${secrets.length}`);
      for (const secret of secrets) assert.equal(everything.includes(secret), false, 'a client secret in the audit');
      assert.doesNotMatch(everything, /\$argon2id\$|sha256\$/, 'no password or secret hash');
      assert.doesNotMatch(everything, /"(secret|password|passwordHash|secretHash)"/i);

      const byActor = await admin.get(`${api('consoleAdminActionAudit')}?actor=${ADMIN.username}`);
      assert.ok((byActor.body.data.items as { actor: string }[]).every((r) => r.actor === ADMIN.username));
      assert.equal((await admin.get(`${api('consoleAdminActionAudit')}?actor=nobody`)).body.data.total, 0);
    });
  });
}

// First start of a fresh production instance (no demo data, no account): the sign-in calls answer
// AU00500 "not set up" in the envelope (never a 5xx), a default client group exists, and the
// one-time setup link (printed only to the server's output) creates the first administrator once:
// a weak password leaves it good, a used, expired or raced link is refused with AU00605, and of
// parallel requests exactly one creates an administrator. Also through the real process: the
// link read from its stdout works once over HTTP and no answer ever carries the token.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Refusal } from '../../../contract/errors.ts';
import { PasswordProblems } from '../../../contract/rules/password.ts';
import { setupLinkAtStart } from '../../../server/console/first-start.ts';
import { SETUP_TOKEN_TTL_MS } from '../../../server/console/setup-token-store.ts';
import { dropPostgresSchema } from '../../../server/storage/database.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';
import type { ServerConfig } from '../../../server/config.ts';
import { spawnServer, type ServerProcess } from '../../helpers/start-server.ts';
import { freePort } from '../../helpers/free-port.ts';
import { sm2Password, serverPublicKey } from '../../helpers/sm2-password.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { HttpClient } from '../scale/http-client.ts';
import { buildTestApp, testBackends, type Backend, type Client, type TestApp } from '../../helpers/test-app.ts';
import { api, assertRefused, consoleSignIn, envelopeRefusal } from './console-fixture.ts';

const NOT_SET_UP = envelopeRefusal(Refusal.notSetUp[0], Refusal.notSetUp[1]);
const BOSS_PASSWORD = 'Chief#2026first';

/** Production as a deployment runs it: NODE_ENV=production, its own secrets, no demo data. */
function productionLike(): Partial<ServerConfig> {
  return {
    production: true, seedDemoData: false, encKey: crypto.randomBytes(8).toString('hex'), signSecret: crypto.randomBytes(24).toString('hex'),
    sensitivePerMinute: 10_000,
  };
}

const tokenOf = (link: string): string => new URL(link).searchParams.get('token')!;

async function setup(c: Client, token: string, username: string, password = BOSS_PASSWORD, confirm = password) {
  return c.post(api('consoleCompleteSetup'), {
    json: { token, username, password: await c.encrypt(password), confirmPassword: await c.encrypt(confirm) },
  });
}

const stateOf = async (c: Client, token: string) => (await c.get(`${api('consoleSetupState')}?token=${encodeURIComponent(token)}`)).body;

for (const backend of testBackends()) {
  describe(`first start and the setup link (${backend.name})`, () => {
    let t: TestApp;
    let link: string;
    before(async () => {
      t = await buildTestApp(backend, productionLike());
    });
    after(() => t.close());

    it('answers the sign-in calls with AU00500 (HTTP 200, the not-set-up text) while no account exists, never a 5xx', async () => {
      const c = t.client();
      const group = await c.get('/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=localhost');
      assert.deepEqual({ status: group.status, body: group.body }, { status: 200, body: NOT_SET_UP });
      const login = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'anyone', pwd: await c.encrypt('Any#2026pw'), loginType: '0' } });
      assert.deepEqual({ status: login.status, body: login.body }, { status: 200, body: NOT_SET_UP });
      for (const url of ['/api/centerAuth/sso/isLogin', '/api/centerAuth/clientGroup/getClientGroupList', '/api/centerAuth/client/getClientListBySsoDomain']) {
        const answer = await c.get(url);
        assert.deepEqual({ status: answer.status, body: answer.body }, { status: 200, body: NOT_SET_UP }, url);
      }
      // The public key is not gated (the login page needs it to say anything at all).
      const key = await c.get('/api/centerAuth/commonConfig/getPublicKeySm2');
      assert.equal(key.body.code, 200);
      assert.match(key.body.data, /^04[0-9a-f]{128}$/i);
    });

    it('has created the default client group for its own address', async () => {
      const groups = await t.ctx.stores.catalog.listGroups();
      assert.equal(groups.length, 1);
      assert.equal(groups[0]!.code, 'default');
      assert.equal(groups[0]!.isDefault, true);
      assert.deepEqual(groups[0]!.domains, ['localhost']);
      assert.equal(await t.ctx.stores.users.hasAnyUser(), false);
    });

    it('tells the sign-in page that no administrator exists yet (and nothing of the token)', async () => {
      const needed = await t.client().get(api('consoleSetupNeeded'));
      assert.deepEqual(needed.body, { code: 200, msg: 'success', data: { needed: true } });
    });

    it('a setup link is good until used: state valid; an unknown token is not', async () => {
      link = (await setupLinkAtStart(t.ctx, 'http://localhost'))!;
      assert.match(link, /^http:\/\/localhost\/admin\/setup\?token=[A-Za-z0-9_-]{40,}$/);
      const c = t.client();
      assert.deepEqual(await stateOf(c, tokenOf(link)), { code: 200, msg: 'success', data: { valid: true } });
      assert.deepEqual(await stateOf(c, 'not-a-token'), { code: 200, msg: 'success', data: { valid: false } });
      assertRefused(await setup(c, 'not-a-token', 'boss'), 'setupLinkInvalid');
    });

    it('refuses a weak password (AU00103) and a confirmation that differs (AU00102); the link stays good', async () => {
      const c = t.client();
      const weak = await setup(c, tokenOf(link), 'boss', 'weakpassword');
      assert.deepEqual({ status: weak.status, body: weak.body }, { status: 200, body: envelopeRefusal('AU00103', PasswordProblems.shape) });
      const named = await setup(c, tokenOf(link), 'boss', 'Boss#2026boss');
      assert.deepEqual(named.body, envelopeRefusal('AU00103', '密码不能包含用户名'));
      const mismatch = await setup(c, tokenOf(link), 'boss', BOSS_PASSWORD, 'Chief#2026fírst');
      assert.deepEqual(mismatch.body, envelopeRefusal('AU00102', '两次输入的新密码不一致'));
      assert.equal(c.cookies.has('sso_console'), false);
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 0);
      assert.equal((await stateOf(c, tokenOf(link))).data.valid, true, 'the link is still good');
    });

    it('creates the first administrator with a good password, answers ConsoleMe and signs him into the console', async () => {
      const c = t.client();
      const now = t.clock.now();
      const done = await setup(c, tokenOf(link), 'boss');
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(done.body, { code: 200, msg: 'success', data: { username: 'boss', reauthUntil: now + 5 * 60_000, idleUntil: now + 15 * 60_000 } });
      const cookie = done.cookies.find((k) => k.name === 'sso_console');
      assert.ok(cookie && cookie.httpOnly, 'an HttpOnly console cookie');
      assert.equal((await c.get(api('consoleMe'))).body.data.username, 'boss');
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 1);
      assert.deepEqual((await t.client().get(api('consoleSetupNeeded'))).body.data, { needed: false }, 'no first-setup hint any more');
      const actions = (await c.get(api('consoleAdminActionAudit'))).body.data.items as { actor: string; action: string; target: string }[];
      assert.deepEqual(actions.map((a) => [a.actor, a.action, a.target]), [['boss', 'setup.create-admin', 'boss']]);
    });

    it('afterwards the link is dead (state false, setup 403 AU00605) and the sign-in calls answer again', async () => {
      const c = t.client();
      assert.equal((await stateOf(c, tokenOf(link))).data.valid, false);
      assertRefused(await setup(c, tokenOf(link), 'intruder', 'Intruder#2026pw'), 'setupLinkInvalid');
      assert.equal(await t.ctx.stores.users.findUserByName('intruder'), null);
      // A link printed by a later start while an administrator exists: there is none.
      assert.equal(await setupLinkAtStart(t.ctx, 'http://localhost'), null);
      const group = await c.get('/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=localhost');
      assert.equal(group.body.code, 200);
      assert.equal(group.body.data.code, 'default');
      const login = await c.login('boss', BOSS_PASSWORD);
      assert.notEqual(login.body.code, NOT_SET_UP.code);
      assert.deepEqual(login.body, { code: 200, msg: 'success', data: { username: 'boss', redirect: '/home' } });
      assert.equal((await consoleSignIn(t.client(), 'boss', BOSS_PASSWORD)).status, 200);
    });
  });

  describe(`setup links raced and expired (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, productionLike());
    });
    after(() => t.close());

    it('refuses a link 24 hours after it was printed', async () => {
      const token = tokenOf((await setupLinkAtStart(t.ctx, 'http://localhost'))!);
      const c = t.client();
      t.clock.advance(SETUP_TOKEN_TTL_MS - 1000);
      assert.equal((await stateOf(c, token)).data.valid, true, 'a second before it expires');
      t.clock.advance(1000);
      assert.equal((await stateOf(c, token)).data.valid, false);
      assertRefused(await setup(c, token, 'late'), 'setupLinkInvalid');
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 0);
      assert.equal(c.cookies.has('sso_console'), false);
    });

    it('of 5 parallel setups with one link exactly one creates an administrator; the others get 403 AU00605', async () => {
      const token = tokenOf((await setupLinkAtStart(t.ctx, 'http://localhost'))!);
      const names = ['racer1', 'racer2', 'racer3', 'racer4', 'racer5'];
      const clients = names.map(() => t.client());
      // Encrypted first, so the five requests really arrive together.
      const bodies = await Promise.all(names.map(async (username, i) => ({
        token, username, password: await clients[i]!.encrypt(BOSS_PASSWORD), confirmPassword: await clients[i]!.encrypt(BOSS_PASSWORD),
      })));
      const answers = await Promise.all(bodies.map((json, i) => clients[i]!.post(api('consoleCompleteSetup'), { json })));
      const won = answers.filter((a) => a.status === 200);
      assert.equal(won.length, 1, JSON.stringify(answers.map((a) => [a.status, a.body])));
      for (const lost of answers.filter((a) => a.status !== 200)) assertRefused(lost, 'setupLinkInvalid');
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 1);
      const created = (await Promise.all(names.map((n) => t.ctx.stores.users.findUserByName(n)))).filter(Boolean);
      assert.deepEqual(created.map((u) => u!.username), [won[0]!.body.data.username], 'one account at all, the winner');
    });
  });

  describe(`several setup links at once (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, productionLike());
    });
    after(() => t.close());

    // Every start prints a new link while none is used (a restart, or instances starting together):
    // good links used at the same moment still make one administrator, and the other requests are
    // refused with AU00605, not a server error.
    it('three links used in parallel: one administrator, the others refused with AU00605 (never a 5xx)', async () => {
      const links = [];
      for (let i = 0; i < 3; i++) links.push(tokenOf((await setupLinkAtStart(t.ctx, 'http://localhost'))!));
      const requests = links.flatMap((token, i) => [[token, `link${i}a`], [token, `link${i}b`]] as const);
      const clients = requests.map(() => t.client());
      const bodies = await Promise.all(requests.map(async ([token, username], i) => ({
        token, username, password: await clients[i]!.encrypt(BOSS_PASSWORD), confirmPassword: await clients[i]!.encrypt(BOSS_PASSWORD),
      })));
      const answers = await Promise.all(bodies.map((json, i) => clients[i]!.post(api('consoleCompleteSetup'), { json })));
      const summary = JSON.stringify(answers.map((a) => [a.status, a.body.code]));
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 1, summary);
      assert.equal(answers.filter((a) => a.status === 200).length, 1, summary);
      for (const lost of answers.filter((a) => a.status !== 200)) assertRefused(lost, 'setupLinkInvalid', summary);
    });
  });

  describe(`the real process prints a setup link that works once (${backend.name})`, () => {
    let main: ServerProcess;
    let cleanup: () => Promise<void> = async () => {};
    before(async () => {
      // Production needs SSO_PUBLIC_URL, https or a loopback address (review finding 4): this one's own.
      const port = await freePort();
      main = await spawnServer({
        SSO_PORT: String(port), SSO_PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'production', SSO_ENC_KEY: crypto.randomBytes(8).toString('hex'), SSO_SIGN_SECRET: crypto.randomBytes(24).toString('hex'),
        ...storageEnv(backend, (done) => (cleanup = done)),
      });
    });
    after(async () => {
      await main?.stop();
      await cleanup();
    });

    it('reads the link from stdout, uses it once over HTTP, and no answer carries the token', async () => {
      const pattern = /(http:\/\/\S+\/admin\/setup\?token=([A-Za-z0-9_-]+))/;
      await waitUntil(() => pattern.test(main.output()), { timeoutMs: 15_000, failure: () => `no setup link printed:\n${main.output()}` });
      const [, link, token] = pattern.exec(main.output())!;
      assert.equal(new URL(link!).origin, main.url, 'the link points at the instance');
      const bodies: string[] = [];
      const c = new HttpClient(main.url);
      const read = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${main.url}${path}`, init);
        const text = await response.text();
        bodies.push(text);
        return { status: response.status, text };
      };

      // Not set up: the login page's calls say so.
      const group = await c.get('/api/centerAuth/clientGroup/detailGetBySsoDomain');
      bodies.push(group.text);
      assert.deepEqual({ status: group.status, body: group.body }, { status: 200, body: NOT_SET_UP });
      assert.equal((await read('/', { headers: { accept: 'text/html' } })).status, 200);
      assert.equal((await read(`/admin/setup?token=${token}`, { headers: { accept: 'text/html' } })).status, 200);
      for (const path of ['/api/centerAuth/sso/isLogin', '/api/centerAuth/commonConfig/getPublicKeySm2', '/api/health', '/api/health/ready']) await read(path);

      const state = await c.get(`/api/console/setup/state?token=${token}`);
      bodies.push(state.text);
      assert.deepEqual(state.body, { code: 200, msg: 'success', data: { valid: true } });
      const key = await serverPublicKey(main.url);
      const form = { token: token!, username: 'boss', password: sm2Password(BOSS_PASSWORD, key), confirmPassword: sm2Password(BOSS_PASSWORD, key) };
      const done = await c.post('/api/console/setup', form);
      bodies.push(done.text);
      assert.equal(done.status, 200, done.text);
      assert.equal(done.body.data.username, 'boss');
      assert.ok(c.cookies.has('sso_console'), 'the console cookie');
      const me = await c.get('/api/console/me');
      bodies.push(me.text);
      assert.equal(me.body.data.username, 'boss');

      const again = await new HttpClient(main.url).post('/api/console/setup', { ...form, username: 'intruder' });
      bodies.push(again.text);
      assert.equal(again.status, 403);
      assert.equal(again.body.code, 'AU00605');
      assert.deepEqual((await c.get(`/api/console/setup/state?token=${token}`)).body.data, { valid: false });
      const login = await new HttpClient(main.url).login('boss', BOSS_PASSWORD);
      bodies.push(login.text);
      assert.equal(login.body.code, 200, login.text);

      for (const body of bodies) assert.equal(body.includes(token!), false, `an answer carries the token: ${body.slice(0, 200)}`);
      // The server's own output holds it once: the banner (the request log masks ?token=).
      assert.equal(main.output().split(token!).length - 1, 1, 'the token appears only in the banner');
    });
  });
}

/** The process's storage for `backend`: a fresh PostgreSQL schema and Redis prefix, dropped by `done`. */
function storageEnv(backend: Backend, onCleanup: (done: () => Promise<void>) => void): Record<string, string> {
  const { databaseUrl, redisUrl } = backend.overrides;
  if (!databaseUrl) return {};
  const schema = `sso_test_${crypto.randomBytes(6).toString('hex')}`;
  const prefix = `sso-test-${crypto.randomBytes(6).toString('hex')}:`;
  onCleanup(async () => {
    await dropPostgresSchema(databaseUrl, schema);
    if (redisUrl) await deleteRedisKeys(redisUrl, prefix);
  });
  return { SSO_DATABASE_URL: databaseUrl, SSO_DATABASE_SCHEMA: schema, ...(redisUrl ? { SSO_REDIS_URL: redisUrl, SSO_REDIS_PREFIX: prefix } : {}) };
}

// Two server processes on different ports sharing PostgreSQL and Redis, as behind a load balancer:
// a session, a sign-out, lockout failures, an SMS code and rate-limit counters started on one
// instance hold on the other. Needs both services; says so loudly and skips when they are absent.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { after, before, describe, it } from 'node:test';
import { DEMO } from '../../helpers/test-app.ts';
import { HttpClient } from './http-client.ts';
import { lastSmsCode, startInstance, stopInstance, type Instance } from './instances.ts';
import { announceSkip, PG_URL, REDIS_URL, servicesMissing, sharedBackends, type SharedBackends } from './services.ts';

const missing = await servicesMissing();
if (missing) announceSkip('multi-instance suite', missing);

const OK_NULL = { code: 200, msg: 'success', data: null };
const TOO_MANY = { code: 429, msg: '请求过于频繁，请稍后再试', data: null };

describe('two instances sharing PostgreSQL and Redis', { skip: missing ?? false }, () => {
  let backends: SharedBackends;
  let a: Instance;
  let b: Instance;
  let keyDir: string;
  before(async () => {
    backends = sharedBackends();
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-key-'));
    const env = {
      ...backends.env,
      // One key pair for the deployment: a password encrypted with A's public key decrypts on B.
      SSO_SM2_KEY_FILE: path.join(keyDir, 'sm2-key.json'),
      SSO_SMS_COOLDOWN_SECONDS: '0',
      SSO_SMS_PER_PHONE_PER_HOUR: '3',
      SSO_LOGIN_PER_ACCOUNT_PER_MINUTE: '8',
    };
    a = await startInstance(env);
    b = await startInstance(env);
    assert.notEqual(a.url, b.url);
  });
  after(async () => {
    await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
    await backends?.cleanup();
    if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('both instances report PostgreSQL and Redis healthy', async () => {
    for (const instance of [a, b]) {
      const res = await new HttpClient(instance.url).get('/api/health/ready');
      assert.equal(res.status, 200);
      assert.equal(res.body.data.status, 'ok');
      assert.deepEqual(Object.keys(res.body.data.checks).sort(), ['database', 'redis']);
    }
  });

  it('a sign-in on one instance is a session on the other; sign-out on the other ends it on both', async () => {
    const onA = new HttpClient(a.url);
    const login = await onA.login('zhangwei', DEMO.zhangwei);
    assert.deepEqual(login.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
    const onB = onA.at(b.url);
    assert.equal((await onB.get('/api/centerAuth/sso/isLogin')).body.data, true);
    assert.deepEqual((await onB.get('/api/centerAuth/user/curLogin/info')).body.data, { username: 'zhangwei' });
    // The session lives in Redis, not in the database.
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${backends.prefix}session:*`);
    redis.disconnect();
    assert.equal(keys.length, 1);
    const db = new pg.Client({ connectionString: PG_URL });
    await db.connect();
    const rows = await db.query(`select count(*)::int as n from "${backends.schema}".sessions`);
    await db.end();
    assert.equal(rows.rows[0].n, 0);
    assert.deepEqual((await onB.get('/api/centerAuth/sso/signout')).body, OK_NULL);
    // The browser lost its cookie on B; a copy of the old cookie must not work on A either.
    assert.equal((await onA.get('/api/centerAuth/sso/isLogin')).body.data, false);
    assert.deepEqual((await onA.get('/api/centerAuth/user/curLogin/info')).body,
      { code: 'AU00300', errorCode: 'AU00300', msg: '未登录或登录已失效，请重新登录', data: null });
  });

  it('an administrator disabling an account on one instance ends its session on the other at once', async () => {
    const user = new HttpClient(b.url);
    assert.equal((await user.login('dealer01', DEMO.dealer01)).body.code, 200);
    assert.equal((await user.get('/api/centerAuth/sso/isLogin')).body.data, true);
    const admin = new HttpClient(a.url);
    const signedIn = await admin.postJson('/api/console/session', { username: 'admin', password: await admin.encrypt(DEMO.admin) });
    assert.equal(signedIn.status, 200, signedIn.text);
    const disabled = await admin.postJson('/api/console/accounts/disabled', { username: 'dealer01', disabled: true });
    assert.equal(disabled.body.data.disabled, true, disabled.text);
    try {
      assert.equal((await user.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the session on B ended');
      assert.equal((await user.at(a.url).get('/api/centerAuth/sso/isLogin')).body.data, false, 'and on A');
      assert.equal((await new HttpClient(b.url).login('dealer01', DEMO.dealer01)).body.code, 'AU00160', 'no new sign-in on B');
    } finally {
      await admin.postJson('/api/console/accounts/disabled', { username: 'dealer01', disabled: false });
    }
  });

  it('wrong passwords spread over both instances lock the account after 5', async () => {
    const onA = new HttpClient(a.url);
    const onB = new HttpClient(b.url);
    const tries = [onA, onB, onA, onB];
    for (const [i, client] of tries.entries()) {
      const res = await client.login('agedpwd', `Wrong@2026${i}`);
      assert.equal(res.body.code, 'AU00100', `failure ${i + 1}`);
    }
    const fifth = await onA.login('agedpwd', 'Wrong@2026x');
    assert.equal(fifth.status, 423);
    assert.deepEqual(fifth.body, { code: 423, msg: '该账号已锁定，请 15 分钟后再试', data: null });
    const right = await onB.login('agedpwd', DEMO.agedpwd);
    assert.equal(right.status, 423, 'the other instance knows the lock too');
  });

  it('a burst of 8 parallel guesses over both instances is checked one at a time: 5 verified, then locked', async () => {
    // 8: this suite's per-account limit, so every guess reaches the password check or the lock.
    const clients = Array.from({ length: 8 }, (_, i) => new HttpClient(i % 2 ? b.url : a.url));
    const ciphers = await Promise.all(clients.map((c) => c.encrypt('Wrong@2026burst')));
    const answers = await Promise.all(clients.map((c, i) => c.post('/api/centerAuth/sso/doLogin', { name: 'firstlogin', pwd: ciphers[i]!, loginType: '0' })));
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 200, 200, 200, 423, 423, 423, 423]);
    const redis = new Redis(REDIS_URL);
    const count = await redis.hget(`${backends.prefix}lockout:firstlogin`, 'count');
    redis.disconnect();
    assert.equal(count, '5', 'the guesses after the fifth failure met the lock instead of a password check');
  });

  it('an SMS code sent through one instance is accepted by the other, once', async () => {
    const onA = new HttpClient(a.url);
    assert.deepEqual((await onA.get('/api/centerAuth/msg/login/send?phone=13800000001')).body, OK_NULL);
    const code = lastSmsCode(a.ownDataDir, '13800000001');
    assert.match(code ?? '', /^\d{6}$/);
    const onB = onA.at(b.url);
    const login = await onB.post('/api/centerAuth/sso/doLogin', { loginType: '1', phone: '13800000001', code: code! });
    assert.deepEqual(login.body, { code: 200, msg: 'success', data: { username: 'dealer01', redirect: '/home' } });
    assert.equal((await onB.at(a.url).get('/api/centerAuth/sso/isLogin')).body.data, true);
    const reuse = await new HttpClient(a.url).post('/api/centerAuth/sso/doLogin', { loginType: '1', phone: '13800000001', code: code! });
    assert.deepEqual(reuse.body, { code: 'AU00110', errorCode: 'AU00110', msg: '验证码错误或已过期', data: null });
  });

  it('rate limits count across instances: SMS per phone, doLogin per account', async () => {
    const clients = [new HttpClient(a.url), new HttpClient(b.url)];
    for (let i = 0; i < 3; i++) {
      assert.deepEqual((await clients[i % 2]!.get('/api/centerAuth/msg/login/send?phone=13900000123')).body, OK_NULL, `send ${i + 1}`);
    }
    const fourth = await clients[1]!.get('/api/centerAuth/msg/login/send?phone=13900000123');
    assert.equal(fourth.status, 429);
    assert.deepEqual(fourth.body, TOO_MANY);

    for (let i = 0; i < 8; i++) {
      const res = await clients[i % 2]!.login('ghost01', 'Wrong@2026a');
      assert.ok(res.status === 200 || res.status === 423, `attempt ${i + 1}: ${res.status}`);
    }
    const ninth = await clients[0]!.login('ghost01', 'Wrong@2026a');
    assert.equal(ninth.status, 429);
    assert.deepEqual(ninth.body, TOO_MANY);
  });

  it('sessions survive a restart of the instance that created them', async () => {
    const browser = new HttpClient(a.url);
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    await stopInstance(a);
    a = await startInstance({ ...backends.env, SSO_SM2_KEY_FILE: path.join(keyDir, 'sm2-key.json') });
    assert.equal((await browser.at(a.url).get('/api/centerAuth/sso/isLogin')).body.data, true);
  });
});

describe('instances starting at the same moment on a fresh database', { skip: missing ?? false }, () => {
  it('all three come up (one migrates and seeds, the others wait for it) and agree on data and key', async () => {
    const backends = sharedBackends();
    const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-key-'));
    const env = { ...backends.env, SSO_SM2_KEY_FILE: path.join(keyDir, 'sm2-key.json') };
    const started = await Promise.allSettled([0, 1, 2].map(() => startInstance(env)));
    try {
      for (const result of started) assert.equal(result.status, 'fulfilled', result.status === 'rejected' ? String(result.reason) : '');
      const keys = new Set<string>();
      for (const result of started) {
        const client = new HttpClient((result as PromiseFulfilledResult<Instance>).value.url);
        assert.deepEqual((await client.get('/api/admin/user/details?username=zhangwei')).body.data, { taken: true });
        keys.add((await client.get('/api/centerAuth/commonConfig/getPublicKeySm2')).body.data);
      }
      assert.equal(keys.size, 1, 'one key pair, created by whichever instance was first');
    } finally {
      for (const result of started) if (result.status === 'fulfilled') await stopInstance(result.value);
      await backends.cleanup();
      fs.rmSync(keyDir, { recursive: true, force: true });
    }
  });
});

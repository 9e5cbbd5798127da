// A real server process whose PostgreSQL and Redis connections run through relays the test cuts:
// while a dependency is down every affected call answers the envelope with HTTP 503 and a clear
// Chinese message (no stack), readiness fails, the process stays up; when the dependency is back
// the service resumes by itself. Also: PostgreSQL terminating the server's backend connections.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO } from '../../helpers/test-app.ts';
import { HttpClient, type HttpAnswer } from '../scale/http-client.ts';
import { startInstance, stopInstance, type Instance } from '../scale/instances.ts';
import { announceSkip, PG_URL, REDIS_URL, servicesMissing, sharedBackends, type SharedBackends } from '../scale/services.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const missing = await servicesMissing();
if (missing) announceSkip('dependency outage suite', missing);

const UNAVAILABLE = { code: 503, msg: '服务暂不可用，请稍后重试', data: null };

function assertUnavailable(res: HttpAnswer, what: string): void {
  assert.equal(res.status, 503, `${what}: ${res.text}`);
  assert.deepEqual(res.body, UNAVAILABLE, what);
  assert.doesNotMatch(res.text, /\bat \w|\.ts:\d|Error:/, `${what}: no stack or error text`);
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    if (await check().catch((error) => ((last = error), false))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${what} did not happen within ${timeoutMs} ms (last error: ${String(last)})`);
}

describe('dependency outages against a real process', { skip: missing ?? false }, () => {
  let backends: SharedBackends;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let server: Instance;
  const appName = `sso-fault-${crypto.randomBytes(4).toString('hex')}`;

  before(async () => {
    const pgTarget = new URL(PG_URL);
    const redisTarget = new URL(REDIS_URL);
    pgProxy = await startTcpProxy(pgTarget.hostname, Number(pgTarget.port || 5432));
    redisProxy = await startTcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const viaPg = new URL(PG_URL);
    viaPg.port = String(pgProxy.port);
    viaPg.searchParams.set('application_name', appName);
    const viaRedis = new URL(REDIS_URL);
    viaRedis.port = String(redisProxy.port);
    backends = sharedBackends(viaPg.toString(), viaRedis.toString());
    // Many look-ups while polling for recovery: the per-address look-up limit must not answer first.
    server = await startInstance({ ...backends.env, SSO_USER_LOOKUP_PER_MINUTE: '10000' });
  });
  after(async () => {
    if (server) await stopInstance(server);
    await pgProxy?.close();
    await redisProxy?.close();
    await backends?.cleanup();
  });

  it('PostgreSQL down: 503 envelopes and failing readiness, then recovery without a restart', async () => {
    const browser = new HttpClient(server.url);
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    await pgProxy.cut();

    assertUnavailable(await new HttpClient(server.url).login('dealer01', DEMO.dealer01), 'doLogin');
    assertUnavailable(await browser.get('/api/admin/user/details?username=dealer01'), 'user look-up');
    // Client groups and apps may be answered from the server's catalog cache; either way the
    // answer is the success envelope or the 503 envelope, nothing else.
    for (const url of ['/api/centerAuth/client/getClientListBySsoDomain', '/api/centerAuth/clientGroup/detailGetBySsoDomain']) {
      const res = await browser.get(url);
      if (res.status === 503) assertUnavailable(res, url);
      else assert.equal(res.body.code, 200, `${url}: ${res.text.slice(0, 200)}`);
    }
    const ready = await browser.get('/api/health/ready');
    assert.equal(ready.status, 503);
    assert.equal(ready.body.msg, '服务暂不可用，请稍后重试');
    assert.deepEqual([ready.body.data.checks.database.ok, ready.body.data.checks.redis.ok], [false, true]);
    const live = await browser.get('/api/health');
    assert.equal(live.status, 200, 'liveness stays up: the process is fine, a dependency is not');
    assert.equal(live.body.data.status, 'degraded');
    // The session lives in Redis: the session check still answers while the database is away.
    assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true);

    await pgProxy.restore();
    await eventually(async () => (await browser.get('/api/health/ready')).status === 200, 'readiness recovery');
    const apps = await browser.get('/api/centerAuth/client/getClientListBySsoDomain');
    assert.equal(apps.status, 200);
    assert.ok(apps.body.data.length > 0);
    assert.equal((await new HttpClient(server.url).login('dealer01', DEMO.dealer01)).body.code, 200);
    assert.equal(server.child.exitCode, null, 'the process is still running');
  });

  it('Redis down: 503 envelopes and failing readiness, then the same session works again', async () => {
    const browser = new HttpClient(server.url);
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    await redisProxy.cut();

    assertUnavailable(await browser.get('/api/centerAuth/sso/isLogin'), 'isLogin');
    assertUnavailable(await browser.get('/api/centerAuth/user/curLogin/info'), 'curLogin/info');
    assertUnavailable(await new HttpClient(server.url).login('dealer01', DEMO.dealer01), 'doLogin (rate-limit counter and lockout in Redis)');
    const ready = await browser.get('/api/health/ready');
    assert.equal(ready.status, 503);
    assert.deepEqual([ready.body.data.checks.database.ok, ready.body.data.checks.redis.ok], [true, false]);

    await redisProxy.restore();
    await eventually(async () => (await browser.get('/api/health/ready')).status === 200, 'readiness recovery');
    assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true, 'the session outlived the outage');
    assert.equal(server.child.exitCode, null, 'the process is still running');
  });

  it('PostgreSQL terminating the server\'s connections: no crash, service continues', async () => {
    const browser = new HttpClient(server.url);
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName]);
    await admin.end();
    assert.ok(killed.rowCount! > 0, 'the server had open connections to terminate');
    // A call may land on a connection that died a moment ago (503); the pool then replaces it.
    const first = await browser.get('/api/admin/user/details?username=dealer01');
    assert.ok(first.status === 200 || first.status === 503, `first call after termination: ${first.status}`);
    if (first.status === 503) assertUnavailable(first, 'first call after termination');
    let lastAnswer = '';
    await eventually(async () => {
      const res = await browser.get('/api/admin/user/details?username=dealer01');
      lastAnswer = `${res.status} ${res.text.slice(0, 200)}`;
      return res.status === 200;
    }, 'recovery').catch((error: Error) => {
      throw new Error(`${error.message}; last answer ${lastAnswer}; server log tail:\n${server.output().split('\n').slice(-15).join('\n')}`);
    });
    assert.equal(server.child.exitCode, null, 'the process is still running');
  });
});

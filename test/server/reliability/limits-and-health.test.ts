// On the embedded default: the rate limits beyond the per-IP route limits (doLogin per account
// whatever the IP, SMS per phone and per IP) answer 429 with the envelope; the health endpoints;
// request ids; and which errors count as "dependency down" (503) rather than a bug (500).
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { isDependencyUnavailable } from '../../../server/storage/dependency-errors.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

const TOO_MANY = { code: 429, msg: '请求过于频繁，请稍后再试', data: null };

describe('rate limits, health and request ids (embedded)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ name: 'sqlite', overrides: {} }, {
      loginPerAccountPerMinute: 3, smsPerPhonePerHour: 2, smsPerIpPerHour: 3, smsResendCooldownMs: 0, sensitivePerMinute: 1000,
    });
  });
  after(() => t.close());

  const from = (ip: string) => ({ remoteAddress: ip, headers: { host: 'localhost' } });
  const xsrfHeaders = async (ip: string) => {
    const first = await t.app.inject({ method: 'GET', url: '/api/centerAuth/sso/isLogin', ...from(ip) });
    const token = String(first.headers['x-xsrf-token']);
    return { host: 'localhost', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
  };

  it('doLogin per account: the 4th try on one name from 4 addresses is refused; another name is not', async () => {
    const tryLogin = async (ip: string, name: string) => t.app.inject({
      method: 'POST', url: '/api/centerAuth/sso/doLogin', remoteAddress: ip,
      headers: { ...(await xsrfHeaders(ip)), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name, loginType: '0' }).toString(),
    });
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) assert.equal((await tryLogin(ip, 'Spread01')).json().code, 'AU00100', ip);
    const fourth = await tryLogin('10.0.0.4', ' spread01 ');
    assert.equal(fourth.statusCode, 429, 'the name is counted trimmed and case-insensitive');
    assert.deepEqual(fourth.json(), TOO_MANY);
    assert.equal((await tryLogin('10.0.0.4', 'other01')).json().code, 'AU00100');
  });

  it('SMS per phone: the 3rd code for one phone within the hour is refused, from any address', async () => {
    const send = async (ip: string, phone: string) =>
      t.app.inject({ method: 'GET', url: `/api/centerAuth/msg/login/send?phone=${phone}`, remoteAddress: ip, headers: await xsrfHeaders(ip) });
    assert.equal((await send('10.1.0.1', '13900000301')).json().code, 200);
    assert.equal((await send('10.1.0.2', '13900000301')).json().code, 200);
    const third = await send('10.1.0.3', '13900000301');
    assert.equal(third.statusCode, 429);
    assert.deepEqual(third.json(), TOO_MANY);
    // Registration codes count against the same phone.
    const register = await t.app.inject({ method: 'GET', url: '/api/admin/mobile/13900000301', remoteAddress: '10.1.0.4', headers: await xsrfHeaders('10.1.0.4') });
    assert.equal(register.statusCode, 429);
  });

  it('SMS per address: the 4th code from one address within the hour is refused, whatever the phones', async () => {
    const send = async (phone: string) =>
      t.app.inject({ method: 'GET', url: `/api/centerAuth/msg/login/send?phone=${phone}`, remoteAddress: '10.2.0.1', headers: await xsrfHeaders('10.2.0.1') });
    for (const phone of ['13900000401', '13900000402', '13900000403']) assert.equal((await send(phone)).json().code, 200, phone);
    const fourth = await send('13900000404');
    assert.equal(fourth.statusCode, 429);
    assert.deepEqual(fourth.json(), TOO_MANY);
  });

  it('GET /api/health and /api/health/ready report the database (no Redis configured)', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      const body = res.json();
      assert.equal(body.code, 200);
      assert.equal(body.data.status, 'ok');
      assert.deepEqual(Object.keys(body.data.checks), ['database']);
      assert.equal(body.data.checks.database.ok, true);
    }
  });

  it('echoes a plain X-Request-Id, replaces a hostile one with a fresh UUID', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    assert.equal(plain.headers['x-request-id'], 'lb-7f3a.42');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a\nfake log line {"level":60}' } });
    assert.match(String(hostile.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.match(String(none.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('tells dependency outages (503) from bugs (500)', () => {
    const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const down of [
      withCode('ECONNREFUSED'), withCode('57P01', 'terminating connection due to administrator command'), withCode('08006'),
      new Error('Connection terminated unexpectedly'), new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new AggregateError([withCode('ECONNREFUSED')]), new Error('wrapped', { cause: withCode('ETIMEDOUT') }), withCode('SQLITE_BUSY'),
    ]) assert.equal(isDependencyUnavailable(down), true, String(down));
    for (const bug of [new TypeError("Cannot read properties of undefined (reading 'x')"), withCode('23505', 'duplicate key'), withCode('42P01'), null, 'text']) {
      assert.equal(isDependencyUnavailable(bug), false, String(bug));
    }
  });
});

describe('one password check at a time per account (embedded)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ name: 'sqlite', overrides: {} }, { sensitivePerMinute: 1000, loginPerAccountPerMinute: 1000 });
  });
  after(() => t.close());

  it('a burst of 10 parallel guesses on one account: checked one after another, so only 5 are verified before the lock', async () => {
    const c = t.client();
    const cipher = await c.encrypt('Wrong@2026burst');
    const burst = await Promise.all(Array.from({ length: 10 }, () =>
      c.post('/api/centerAuth/sso/doLogin', { form: { name: 'dealer01', pwd: cipher, loginType: '0' } })));
    assert.deepEqual(burst.map((r) => r.status).sort(), [200, 200, 200, 200, 423, 423, 423, 423, 423, 423]);
    for (const r of burst.filter((x) => x.status === 200)) assert.equal(r.body.code, 'AU00100');
    const db = new Database(path.join(t.config.dataDir, 'sso.db'), { readonly: true });
    const row = db.prepare('select failure_count from login_failures where username = ?').get('dealer01') as { failure_count: number };
    db.close();
    assert.equal(row.failure_count, 5, 'the 6 requests after the fifth failure were refused by the lock, not verified');
    assert.equal((await c.login('dealer01', 'Sso@2026dealer')).status, 423);
  });

  it('other accounts are not held up by a check in progress', async () => {
    const c = t.client();
    const [a, b] = await Promise.all([c.login('zhangwei', 'Sso@2026demo'), t.client().login('agedpwd', 'Sso@2026aged')]);
    assert.equal(a.body.code, 200);
    assert.equal(b.body.code, 'AU00153');
  });
});

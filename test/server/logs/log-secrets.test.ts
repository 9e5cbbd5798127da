// The log stream during logins, SMS, registration, a password change, a signed /tenant/list call
// and a messenger code login: every line is JSON with a request id, and no password, SMS code,
// cookie value, ciphertext or key appears in any line (an SMS code counted only as a whole token).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.ts';
import { tenantSignature } from '../../../server/crypto/signature.ts';
import { createServer } from '../../../server/server.ts';
import type { ServerConfig } from '../../../server/config.ts';
import { Client, DEMO } from '../../helpers/test-app.ts';
import { testConfig } from '../../helpers/start-server.ts';
import { secretInLine } from './secret-in-line.ts';
import { lastSmsCode } from '../../helpers/sms-outbox.ts';

function lastCode(config: ServerConfig, phone: string): string {
  return lastSmsCode(config.smsOutboxPath, phone)!;
}

describe('logs carry request ids and no secrets', () => {
  const lines: string[] = [];
  const secrets = new Set<string>();
  let app: FastifyInstance;
  let config: ServerConfig;
  let cleanup: () => Promise<void>;

  const remember = (c: Client) => {
    for (const value of c.cookies.values()) secrets.add(value);
  };

  // Every flow runs here, before any check, so each `it` below reads the whole log on its own
  // whatever order (or subset) the runner picks.
  before(async () => {
    ({ config, cleanup } = testConfig({ logLevel: 'trace', smsResendCooldownMs: 0 }));
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    let ctx: AppContext;
    ({ app, ctx } = await createServer(config, { logStream: stream }));
    await app.ready();

    const c = new Client(app, 'localhost');
    const cipher = await c.encrypt(DEMO.zhangwei);
    secrets.add(DEMO.zhangwei).add(cipher);
    assert.equal((await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd: cipher, loginType: '0' } })).body.code, 200);
    remember(c);
    assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
    assert.equal((await c.login('zhangwei', 'Wrong@2026pw')).body.code, 'AU00100');
    secrets.add('Wrong@2026pw');
    await c.get('/api/centerAuth/sso/signout');

    const m = new Client(app, 'localhost');
    assert.equal((await m.get('/api/centerAuth/msg/login/send?phone=13800000001')).body.code, 200);
    const loginCode = lastCode(config, '13800000001');
    secrets.add(loginCode);
    assert.equal((await m.post('/api/centerAuth/sso/doLogin', { form: { loginType: '1', phone: '13800000001', code: loginCode } })).body.code, 200);
    remember(m);

    const r = new Client(app, 'localhost');
    assert.equal((await r.get('/api/admin/mobile/13700000099')).body.code, 200);
    const registerCode = lastCode(config, '13700000099');
    const newPassword = 'Reg@2026logs';
    const registerCipher = await r.encrypt(newPassword);
    secrets.add(registerCode).add(newPassword).add(registerCipher);
    const registered = await r.post('/api/admin/register/user', {
      form: { username: 'logcheck', phone: '13700000099', smsCode: registerCode, password: registerCipher },
    });
    assert.equal(registered.body.code, 200);
    remember(r);

    const changed = 'Chg@2026logs';
    secrets.add(changed);
    const change = await r.post('/api/centerAuth/user/changePassword', {
      form: { userName: 'logcheck', oldPassword: await r.encrypt(newPassword), newPassword: await r.encrypt(changed), confirmPassword: await r.encrypt(changed) },
    });
    assert.equal(change.body.code, 200);

    const nonce = crypto.randomBytes(8).toString('hex');
    const timestamp = String(Date.now());
    const signature = tenantSignature(config.signSecret, nonce, '/tenant/list', timestamp);
    secrets.add(signature);
    const tenants = await app.inject({ method: 'GET', url: '/api/tenant/list', headers: { signature, nonce, timestamp, url: '/tenant/list' } });
    assert.equal(tenants.json().code, 200);

    const wecomCode = 'WECOMSECRETCODE42';
    secrets.add(wecomCode);
    const social = new Client(app, 'localhost');
    await social.get(`/api/centerAuth/sso/WeCom/loginByCode?code=${wecomCode}&clientId=portal`);
    remember(social);

    secrets.add(ctx.keys.privateKey).add(config.encKey).add(config.signSecret);
  });
  after(async () => {
    await app?.close();
    await cleanup?.();
  });

  it('wrote JSON lines, each request line with its request id', () => {
    assert.ok(lines.length > 40, `captured ${lines.length} lines`);
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const withoutId = parsed.filter((p) => !p.reqId);
    assert.deepEqual(withoutId.map((p) => p.msg), [], 'every line written while serving carries reqId');
    assert.ok(parsed.some((p) => p.msg?.startsWith('SMS sent to')), 'the SMS sender line is there (with the request id)');
  });

  it('no line contains a password, SMS code, cookie value, ciphertext, signature or key', () => {
    assert.ok(secrets.size >= 14, `collected ${secrets.size} secrets`);
    for (const secret of secrets) {
      const leaking = lines.filter((line) => secretInLine(line, secret));
      assert.deepEqual(leaking, [], `"${secret.slice(0, 12)}..." must not be logged`);
    }
  });
});

describe('an SMS code is found in a log line only where it really is', () => {
  // A real line shape: the epoch ms, the pid, the request id and the response time all hold digit runs.
  const line = (extra: string) =>
    `{"level":30,"time":1795303698527,"pid":612345,"hostname":"vm","reqId":"a9871812-623a-47f0-afd7-749e7776d612","res":{"statusCode":200},"responseTime":3.883763999,${extra}"msg":"request completed"}`;

  it('not inside the timestamp, pid, request id or response time', () => {
    for (const digits of ['303698', '612345', '987181', '883763']) assert.equal(secretInLine(line(''), digits), false, digits);
  });

  it('as a string field, a number field, a query parameter or a word of a message', () => {
    assert.equal(secretInLine(line('"code":"042137",'), '042137'), true);
    assert.equal(secretInLine(line('"smsCode":428137,'), '428137'), true);
    assert.equal(secretInLine(line('"url":"/api/login?phone=13800000001&code=428137",'), '428137'), true);
    assert.equal(secretInLine(line('"detail":"code 428137 sent",'), '428137'), true);
  });

  it('long secrets anywhere in the line', () => {
    assert.equal(secretInLine(line('"note":"pwd=Wrong@2026pw!",'), 'Wrong@2026pw'), true);
    assert.equal(secretInLine(line(''), 'Wrong@2026pw'), false);
  });
});

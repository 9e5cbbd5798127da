// Review of the OpenID Connect provider, finding 6 (low): the back-channel SSRF guard. A registered
// back-channel URI was trusted by its exact text, so http://10.0.0.5 (as registered) and
// http://10.0.0.5/ (as fetched) differed and the delivery was refused; once trusted, any address
// was reachable, link-local and cloud metadata included; a pending retry lived in a timer and died
// with the process. Now URIs the portal calls are normalised at registration; every request of the
// provider is checked against the address it reached: private ranges from the documented allow list
// (SSO_OIDC_BACKCHANNEL_ALLOW), link-local and metadata never (backchannel-guard.ts); a pending
// retry is a durable record any instance's sweep sends (single-logout.ts).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { backchannelAddressCheck, DEFAULT_BACKCHANNEL_ALLOW } from '../../../server/oidc/backchannel-guard.ts';
import { ConfigError, readConfig } from '../../../server/config.ts';
import { dropPostgresSchema } from '../../../server/storage/database.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { RETRY_MODEL } from '../../../server/oidc/single-logout.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { spawnServer, startServer } from '../../helpers/start-server.ts';
import { Browser } from './browser.ts';
import { codeFlow, exchange, REDIRECT_URI, startOidcServer, untilProviderKnows, type OidcServer } from './oidc-fixture.ts';
import { startReceiver, type Receiver } from './logout-receiver.ts';

describe('review finding 6: which addresses the provider may reach', () => {
  test('link-local and metadata addresses are refused whatever the allow list says', () => {
    const everything = backchannelAddressCheck(['0.0.0.0/0', '::/0']);
    for (const address of ['169.254.169.254', '169.254.0.1', 'fd00:ec2::254', 'fe80::1', '::ffff:169.254.169.254', '0.0.0.0']) {
      assert.equal(everything(address), false, address);
      assert.equal(backchannelAddressCheck(DEFAULT_BACKCHANNEL_ALLOW)(address), false, address);
    }
  });

  test('private addresses only from the allow list; public ones always', () => {
    const byDefault = backchannelAddressCheck(DEFAULT_BACKCHANNEL_ALLOW);
    for (const address of ['10.0.0.5', '172.20.1.1', '192.168.3.4', '127.0.0.1', '::1', 'fd12:3456::7', '::ffff:10.0.0.5']) assert.equal(byDefault(address), true, address);
    for (const address of ['100.64.0.1', '198.18.0.1']) assert.equal(byDefault(address), false, `${address}: special use, not listed`);
    const none = backchannelAddressCheck([]);
    for (const address of ['10.0.0.5', '127.0.0.1', '::1']) assert.equal(none(address), false, address);
    const one = backchannelAddressCheck(['10.1.0.0/16']);
    assert.deepEqual([one('10.1.2.3'), one('10.2.0.1')], [true, false]);
    for (const check of [byDefault, none, one]) assert.equal(check('203.0.114.1'), true, 'a public address');
  });

  test('SSO_OIDC_BACKCHANNEL_ALLOW is read, checked and named when wrong; SSO_OIDC_PRIVATE_BACKCHANNEL=false allows none', () => {
    assert.deepEqual(readConfig({}).oidcBackchannelAllow, [...DEFAULT_BACKCHANNEL_ALLOW]);
    assert.deepEqual(readConfig({ SSO_OIDC_BACKCHANNEL_ALLOW: '10.0.0.0/8, fd12::/16' }).oidcBackchannelAllow, ['10.0.0.0/8', 'fd12::/16']);
    assert.deepEqual(readConfig({ SSO_OIDC_BACKCHANNEL_ALLOW: 'none' }).oidcBackchannelAllow, []);
    assert.deepEqual(readConfig({ SSO_OIDC_PRIVATE_BACKCHANNEL: 'false' }).oidcBackchannelAllow, []);
    assert.throws(() => readConfig({ SSO_OIDC_BACKCHANNEL_ALLOW: '10.0.0.0/33' }), (error: Error) => error instanceof ConfigError && /SSO_OIDC_BACKCHANNEL_ALLOW/.test(error.message));
  });
});

for (const backend of testBackends()) describe(`review finding 6: back-channel deliveries (${backend.name})`, () => {
  let s: OidcServer;
  let closed: OidcServer;
  let receiver: Receiver;
  // The closed server's log: its refused deliveries are the event the test waits for.
  const closedLog: Array<{ msg?: string; clientId?: string }> = [];
  before(async () => {
    s = await startOidcServer(backend.overrides);
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) closedLog.push(JSON.parse(line) as { msg?: string; clientId?: string });
        callback();
      },
    });
    closed = await startOidcServer({ ...backend.overrides, oidcBackchannelAllow: [], logLevel: 'info' }, { logStream });
    receiver = await startReceiver(() => s.issuer);
  });
  after(async () => {
    await s?.close();
    await closed?.close();
    await receiver?.close();
  });

  async function signInAndOut(server: OidcServer, clientId: string, backchannel: string) {
    const rp = await server.relyingParty(clientId, await server.addClient(clientId, { 'backchannel-logout-uri': backchannel }));
    const browser = server.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const tokens = await exchange(rp, await codeFlow(rp, browser));
    receiver.tokens.length = 0;
    await browser.signOut();
    return tokens;
  }

  test('a URI registered without its path is stored normalised and delivered to', async () => {
    const bare = new URL(receiver.url).origin; // http://127.0.0.1:<port>, no path
    const tokens = await signInAndOut(s, 'bare-uri-app', bare);
    assert.match(await s.admin('list-clients', []), new RegExp(`back-channel logout: ${bare.replace(/[.]/g, '\\.')}/\\n`));
    await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}` });
    assert.equal(receiver.tokens[0]!.sub, tokens.claims()!.sub);
  });

  test('a private address outside the allow list is not reached', async () => {
    const before = receiver.attempts;
    await signInAndOut(closed, 'closed-app', receiver.url);
    // The delivery the sign-out started has ended: refused by the guard before any request left.
    await waitUntil(() => closedLog.some((line) => line.clientId === 'closed-app' && line.msg === 'back-channel logout failed, will retry'), {
      timeoutMs: 5000, failure: () => `closed-app's delivery did not end; log: ${closedLog.map((line) => line.msg).join(' | ')}`,
    });
    assert.equal(receiver.attempts, before, 'no request reached 127.0.0.1');
  });
});

for (const backend of testBackends()) describe(`review finding 6: a pending retry survives a restart (${backend.name})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-retry-'));
  const schema = backend.overrides.databaseUrl ? `sso_retry_${crypto.randomBytes(5).toString('hex')}` : null;
  const prefix = backend.overrides.redisUrl ? `sso-retry-${crypto.randomBytes(5).toString('hex')}:` : null;
  const storage = { dataDir, databaseUrl: backend.overrides.databaseUrl ?? null, databaseSchema: schema, redisUrl: backend.overrides.redisUrl ?? null, redisKeyPrefix: prefix ?? undefined };
  const env: Record<string, string> = {
    SSO_DATA_DIR: dataDir, SSO_LOG_LEVEL: 'silent',
    ...(schema ? { SSO_DATABASE_URL: backend.overrides.databaseUrl!, SSO_DATABASE_SCHEMA: schema } : {}),
    ...(prefix ? { SSO_REDIS_URL: backend.overrides.redisUrl!, SSO_REDIS_PREFIX: prefix } : {}),
  };
  // The same storage, opened as the admin CLI does (another process's view).
  const config = readConfig(env);
  const pendingRetries = () => withAdminContext(config, (ctx) => ctx.storage.oidcRecords.list(RETRY_MODEL));
  let receiver: Receiver;
  let issuer = '';
  before(async () => {
    receiver = await startReceiver(() => issuer);
  });
  after(async () => {
    await receiver?.close();
    if (schema) await dropPostgresSchema(backend.overrides.databaseUrl!, schema);
    if (prefix) await deleteRedisKeys(backend.overrides.redisUrl!, prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a delivery that failed before the process stopped is sent by the next one', async () => {
    const first = await spawnServer(env);
    let secret = '';
    try {
      issuer = first.url.replace('127.0.0.1', 'localhost');
      const added = await adminCli(storage, ['add-client', 'retry-app', '--redirect-uri', REDIRECT_URI, '--backchannel-logout-uri', receiver.url]);
      secret = /client_secret[^:]*: (\S+)/.exec(added)![1]!;
      await untilProviderKnows(first.url, 'retry-app');
      const rp = await oidc.discovery(new URL(issuer), 'retry-app', undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
      const browser = new Browser(issuer);
      await browser.signIn('zhangwei', DEMO.zhangwei);
      await exchange(rp, await codeFlow(rp, browser));
      receiver.failNext(1);
      await browser.signOut();
      await waitUntil(() => receiver.attempts === 1, { timeoutMs: 5000, failure: () => `attempts: ${receiver.attempts}` });
      // The retry (due in 1 s) is stored; the process stops before it is due.
      await waitUntilAsync(async () => (await pendingRetries()).length === 1, { timeoutMs: 5000, failure: () => 'the failed delivery\'s retry was not stored' });
    } finally {
      await first.stop();
    }
    assert.equal(receiver.tokens.length, 0);
    // The retry falls due on the wall clock (1 s after the failure), which the stopped process and
    // the next one read: its due time is moved back instead of waiting for it.
    await withAdminContext(config, async (ctx) => {
      for (const { id, payload } of await ctx.storage.oidcRecords.list(RETRY_MODEL)) {
        await ctx.storage.oidcRecords.upsert(RETRY_MODEL, id, { ...payload, dueAt: Date.now() - 1 }, Date.now() + 3600_000, {});
      }
    });
    const next = await startServer({ ...storage, redisKeyPrefix: prefix ?? 'sso:', oidcLogoutSweepMs: 200, seedDemoData: true });
    try {
      issuer = `http://localhost:${next.port}`;
      await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}, attempts ${receiver.attempts}` });
      assert.equal(receiver.attempts, 2);
    } finally {
      await next.close();
    }
  });
});

// Review of the OpenID Connect provider, finding 2 (medium): with PostgreSQL + Redis the provider
// sessions, their links to the portal sessions and the cookie signing key lived in Redis, the
// grants and refresh tokens in PostgreSQL. After a Redis flush (or eviction) a sign-out found
// nothing to revoke, and an instance started afterwards made a different cookie key. What
// revocation needs is durable now (oidc-record-store.split.ts DURABLE_MODELS): a flush followed by
// sign-out still revokes and sends single logout; the sweep, finding the portal sessions gone,
// logs their apps out; the cookie keys stay. The flush is the deletion of every key of the test's
// Redis prefix (FLUSHALL for this deployment); without Redis there is nothing to flush and the
// same steps must hold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { withAdminContext } from '../../../server/admin-context.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { startServer } from '../../helpers/start-server.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from './oidc-fixture.ts';
import { startReceiver, type Receiver } from './logout-receiver.ts';

for (const backend of testBackends()) describe(`review finding 2: revocation after a Redis flush (${backend.name})`, () => {
  let s: OidcServer;
  let swept: OidcServer;
  let receiver: Receiver;
  let sweptReceiver: Receiver;
  let rp: oidc.Configuration;
  let sweptRp: oidc.Configuration;
  before(async () => {
    // No sweep during the test: only the sign-out can revoke.
    s = await startOidcServer({ ...backend.overrides, oidcLogoutSweepMs: 3600_000 });
    receiver = await startReceiver(() => s.issuer);
    rp = await s.relyingParty('flush-app', await s.addClient('flush-app', { 'backchannel-logout-uri': receiver.url }));
    swept = await startOidcServer({ ...backend.overrides, oidcLogoutSweepMs: 200 });
    sweptReceiver = await startReceiver(() => swept.issuer);
    sweptRp = await swept.relyingParty('flush-app', await swept.addClient('flush-app', { 'backchannel-logout-uri': sweptReceiver.url }));
  });
  after(async () => {
    await s?.close();
    await swept?.close();
    await receiver?.close();
    await sweptReceiver?.close();
  });

  const flush = async (server: OidcServer) => {
    const { redisUrl, redisKeyPrefix } = server.server.config;
    if (redisUrl) await deleteRedisKeys(redisUrl, redisKeyPrefix);
  };

  const refreshWorks = (config: oidc.Configuration, token: string) => oidc.refreshTokenGrant(config, token).then(() => true, () => false);

  test('sign-out after the flush still revokes the app\'s tokens and sends its logout token', async () => {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const tokens = await exchange(rp, await codeFlow(rp, browser));
    await flush(s);
    assert.equal(await browser.signOut(), 200);
    await waitUntil(() => receiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${receiver.tokens.length}` });
    assert.equal(receiver.tokens[0]!.sub, tokens.claims()!.sub);
    assert.equal(receiver.tokens[0]!.sid, tokens.claims()!.sid);
    assert.equal(await refreshWorks(rp, tokens.refresh_token!), false);
    assert.deepEqual(await oidc.tokenIntrospection(rp, tokens.refresh_token!), { active: false });
  });

  // Only where the portal sessions live in Redis is there a flush that takes them (defined there
  // alone, rather than skipped elsewhere).
  if (backend.name === 'postgres+redis') test('the flush took the portal sessions: the sweep logs their apps out', async () => {
    const browser = swept.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const tokens = await exchange(sweptRp, await codeFlow(sweptRp, browser));
    await flush(swept);
    await waitUntil(() => sweptReceiver.tokens.length === 1, { timeoutMs: 5000, failure: () => `logout tokens: ${sweptReceiver.tokens.length}` });
    assert.equal(await refreshWorks(sweptRp, tokens.refresh_token!), false);
  });

  test('the cookie keys survive the flush: an instance started afterwards signs cookies alike', async () => {
    const cookieKeys = () => withAdminContext(s.server.config, async (ctx) => (await ctx.storage.oidcRecords.find('CookieKeys', 'keys'))?.keys);
    const before = await cookieKeys();
    assert.ok(before, 'stored at the first start');
    await flush(s);
    const { config } = s.server;
    const second = await startServer({
      dataDir: config.dataDir, sm2KeyFile: config.sm2KeyFile, oidcKeyFile: config.oidcKeyFile,
      databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix,
    });
    try {
      assert.equal((await fetch(`${second.url}/.well-known/openid-configuration`)).status, 200);
      assert.deepEqual(await cookieKeys(), before);
    } finally {
      await second.close();
    }
  });
});

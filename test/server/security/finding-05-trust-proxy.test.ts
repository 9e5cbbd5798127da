// Issue 13, finding 5 (Medium): SSO_TRUST_PROXY=true trusted every X-Forwarded-For hop, so anyone
// could choose their IP and escape the per-IP limits, and the nginx example appended the client's
// header. Now SSO_TRUST_PROXY takes a hop count or the proxies' addresses / CIDRs, `true` is refused
// with a message saying what to write, and the nginx example replaces the header.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, readConfig } from '../../../server/config.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

describe('finding 5: SSO_TRUST_PROXY', () => {
  it('refuses true (and yes), saying what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      assert.throws(() => readConfig({ SSO_TRUST_PROXY: value }), (error: Error) =>
        error instanceof ConfigError && /SSO_TRUST_PROXY=1/.test(error.message) && /CIDR/.test(error.message), value);
    }
  });

  it('takes a hop count, or a list of addresses and CIDR ranges, and refuses anything else', () => {
    assert.equal(readConfig({}).trustProxy, false);
    assert.equal(readConfig({ SSO_TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(readConfig({ SSO_TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(readConfig({ SSO_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '1.2.3', '-1', '99']) assert.throws(() => readConfig({ SSO_TRUST_PROXY: bad }), ConfigError, bad);
  });

  it('the nginx example replaces X-Forwarded-For with the peer address', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'deployment.md'), 'utf8');
    assert.match(text, /proxy_set_header X-Forwarded-For \$remote_addr;/);
    assert.doesNotMatch(text, /\$proxy_add_x_forwarded_for/);
    assert.doesNotMatch(text, /SSO_TRUST_PROXY=true/);
  });
});

for (const backend of testBackends()) {
  describe(`finding 5: a client cannot choose its IP through X-Forwarded-For (${backend.name})`, () => {
    let hops: TestApp;
    let list: TestApp;
    before(async () => {
      hops = await buildTestApp(backend, { trustProxy: 1, sensitivePerMinute: 3 });
      list = await buildTestApp(backend, { trustProxy: ['127.0.0.1'] });
    });
    after(async () => {
      await hops.close();
      await list.close();
    });

    it('with one trusted hop, the audit records the address the proxy saw, not the one the client wrote', async () => {
      for (const t of [hops, list]) {
        const c = t.client();
        await c.post('/api/centerAuth/sso/doLogin', {
          form: { name: 'zhangwei', pwd: await c.encrypt(DEMO.zhangwei), loginType: '0' },
          headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
        });
        const [last] = await t.ctx.stores.audit.listLoginAudit(1);
        assert.equal(last!.ip, '203.0.113.7');
      }
    });

    it('a fresh X-Forwarded-For per request does not reset the per-IP limit', async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await hops.client().post('/api/centerAuth/sso/doLogin', {
          form: { name: `nobody${i}`, pwd: 'ab'.repeat(100), loginType: '0' },
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
        statuses.push(res.status);
      }
      assert.deepEqual(statuses.slice(3), [429, 429], statuses.join(','));
    });
  });
}

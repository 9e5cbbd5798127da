// The provider's back-channel endpoints (token, userinfo, keys, introspection, revocation,
// discovery) are answered past Fastify (server/http/raw-front.ts), and keep every rule of the front:
// the client IP and protocol exactly as Fastify trusts them under SSO_TRUST_PROXY, HSTS only over
// https, the security headers, the request id echoed and on the log line, one masked request line.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { requestView } from '../../../server/http/raw-front.ts';
import { HSTS, RESOURCE_POLICY } from '../../../server/http/security-headers.ts';
import { fastifyTrustProxy, type TrustProxy } from '../../../server/http/trust-proxy.ts';
import { testBackends } from '../../helpers/test-app.ts';
import { startOidcServer, type OidcServer } from './oidc-fixture.ts';

const FORWARDED = { 'x-forwarded-for': '203.0.113.9, 198.51.100.7', 'x-forwarded-proto': 'https' };

test('the raw front reads the client IP and protocol exactly as Fastify does, for every SSO_TRUST_PROXY shape', async () => {
  const settings: TrustProxy[] = [false, 1, 2, ['127.0.0.1'], ['127.0.0.0/8', '198.51.100.7'], ['10.9.9.9']];
  for (const setting of settings) {
    const fastify = Fastify({ trustProxy: fastifyTrustProxy(setting) });
    const view = requestView(setting);
    fastify.get('/', async (request) => ({ fastify: { ip: request.ip, protocol: request.protocol }, raw: view(request.raw) }));
    await fastify.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = fastify.server.address() as AddressInfo;
      const headerSets: Array<Record<string, string>> = [{}, FORWARDED, { 'x-forwarded-for': '203.0.113.9' }, { 'x-forwarded-proto': 'http, https' }];
      for (const headers of headerSets) {
        const answer = (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as { fastify: unknown; raw: unknown };
        assert.deepEqual(answer.raw, answer.fastify, `SSO_TRUST_PROXY=${JSON.stringify(setting)}, headers ${JSON.stringify(headers)}`);
      }
    } finally {
      await fastify.close();
    }
  }
});

for (const backend of testBackends()) describe(`OpenID Connect back-channel endpoints past Fastify (${backend.name})`, () => {
  const lines: Array<Record<string, unknown>> = [];
  let proxied: OidcServer;
  before(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    proxied = await startOidcServer({ ...backend.overrides, trustProxy: 1, logLevel: 'info' }, { logStream });
  });
  after(() => proxied.close());

  test('keys, token and userinfo answers carry the front\'s headers; HSTS only when the trusted proxy says https', async () => {
    for (const [path, method] of [['/oidc/jwks', 'GET'], ['/oidc/token', 'POST'], ['/oidc/me', 'GET']] as const) {
      const overHttps = await fetch(`${proxied.issuer}${path}`, { method, headers: { ...FORWARDED, 'x-request-id': `raw-front.${method}` } });
      assert.equal(overHttps.headers.get('x-request-id'), `raw-front.${method}`, `${path}: the request id is echoed`);
      assert.equal(overHttps.headers.get('content-security-policy'), RESOURCE_POLICY, `${path}: JSON is no document`);
      assert.equal(overHttps.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(overHttps.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.equal(overHttps.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(overHttps.headers.get('strict-transport-security'), HSTS, `${path}: https as the trusted proxy said`);
      await overHttps.arrayBuffer();
      const overHttp = await fetch(`${proxied.issuer}${path}`, { method });
      assert.equal(overHttp.headers.get('strict-transport-security'), null, `${path}: no HSTS over plain http`);
      await overHttp.arrayBuffer();
    }
    const keys = await fetch(`${proxied.issuer}/oidc/jwks`);
    assert.equal(keys.status, 200);
    assert.ok(((await keys.json()) as { keys: unknown[] }).keys.length > 0);
  });

  test('one request line each, with the trusted client IP and the URL masked, written past Fastify\'s own two', async () => {
    const id = 'raw-front-log-1';
    const answer = await fetch(`${proxied.issuer}/oidc/me?access_token=secret-in-url-5e1f`, { headers: { ...FORWARDED, 'x-request-id': id } });
    await answer.arrayBuffer();
    assert.ok(answer.status >= 400, 'refused: a token in the URL is no bearer token');
    const mine = lines.filter((line) => line.reqId === id);
    assert.equal(mine.filter((line) => line.msg === 'incoming request').length, 0, 'not through Fastify (it logs "incoming request")');
    const completed = mine.filter((line) => line.msg === 'request completed');
    assert.equal(completed.length, 1, JSON.stringify(mine));
    const { req, res } = completed[0] as { req: { url: string; remoteAddress: string; method: string; host: string }; res: { statusCode: number } };
    assert.deepEqual(req, { method: 'GET', url: '/oidc/me?access_token=***', host: new URL(proxied.issuer).host, remoteAddress: '198.51.100.7' });
    assert.equal(res.statusCode, answer.status);
    // The interaction and the authorization endpoint stay Fastify routes.
    const authorize = await fetch(`${proxied.issuer}/oidc/auth?client_id=none`, { headers: { 'x-request-id': 'raw-front-auth-1' } });
    await authorize.arrayBuffer();
    assert.ok(lines.some((line) => line.reqId === 'raw-front-auth-1' && line.msg === 'incoming request'));
  });
});

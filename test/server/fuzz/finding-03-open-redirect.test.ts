// Issue 13, finding 3 (Medium): open redirect. "..//evil.example" and its family passed the
// callBack check, and a login-ticket redeem answered 303 to //evil.example. Now one check
// (contract/rules/callback.ts) parses the target as a URL against the portal origin and accepts
// only the portal origin (never under /api/) or an origin a client group registered. A table of
// hostile targets, each through the rule, through doLogin's callBack and through a ticket redeem.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { safeRedirect } from '../../../contract/rules/callback.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { sm2Password } from '../../helpers/sm2-password.ts';

const PORTAL = 'http://localhost:8080';
const BRAND = 'http://exeed.localhost:5173';

/** Targets that must never be followed (each answers null, so the user lands on /home). */
export const HOSTILE_TARGETS: readonly string[] = [
  '//evil.example', '///evil.example', '////evil.example', '/\\evil.example', '\\\\evil.example', '\\/evil.example',
  '/\\/evil.example', '..//evil.example', '../..//evil.example', './/evil.example', './/evil.example', 'a/..//evil.example',
  '/a/..//evil.example', '/%2e%2e//evil.example', '%2e%2e//evil.example', '/%2e%2e/%2e%2e//evil.example', '/%2F%2Fevil.example',
  '/%2f%2fevil.example', '%2F%2Fevil.example', '/%5Cevil.example', '/%5cevil.example', '/\t/evil.example', '/\n/evil.example',
  '/\r\n/evil.example', '\t//evil.example', ' //evil.example', '/%09/evil.example', '/%0a/evil.example', '/%0d%0a/evil.example',
  'http://evil.example', 'https://evil.example/', 'HTTPS://evil.example', 'hTtP://evil.example', 'http:evil.example',
  'http:/evil.example', 'http:\\\\evil.example', 'https://localhost:8080@evil.example/', 'https://evil.example@localhost:8080/',
  'http://localhost:8080@evil.example', 'http://user:pass@localhost:8080/', 'http://evil.example#@localhost:8080',
  'http://evil.example?@localhost:8080', 'http://localhost:8080.evil.example/', 'http://exeed.localhost:5173.evil.example/',
  'http://exeed.localhost:5174/', 'https://exeed.localhost:5173/', 'http://еxeed.localhost:5173/', 'http://exeеd.localhost:5173/',
  'http://xn--exed-8ve.localhost:5173/', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)',
  'javascript://localhost:8080/%0aalert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'ftp://evil.example/',
  'file:///etc/passwd', 'blob:http://localhost:8080/x', '/api/centerAuth/sso/ticket/redeem?ticket=x', 'api/centerAuth/sso/signout',
  '/API/centerAuth/sso/signout', '/%61pi/centerAuth/sso/signout', '/a/../api/centerAuth/sso/signout', '/%2e%2e/api/x',
  'http://localhost:8080/api/centerAuth/sso/signout', '//api/x', '/\u3000/evil.example', '/\u200b/evil.example', 'x'.repeat(2100),
];

/** Targets that must still work. */
const SAFE_TARGETS: readonly [string, string][] = [
  ['', '/home'], ['/home', '/home'], ['/home?x=1#y', '/home?x=1#y'], ['apps', '/apps'], ['/portal/welcome?x=1', '/portal/welcome?x=1'],
  [`${PORTAL}/orders`, `${PORTAL}/orders`], [`${BRAND}/orders?id=7`, `${BRAND}/orders?id=7`], ['HTTP://EXEED.LOCALHOST:5173/x', `${BRAND}/x`],
  ['/apiary', '/apiary'], ['/a/b/../c', '/a/c'],
];

describe('finding 3: one redirect rule against a table of hostile targets', () => {
  it(`refuses all ${HOSTILE_TARGETS.length} hostile targets`, () => {
    assert.ok(HOSTILE_TARGETS.length >= 40);
    for (const target of HOSTILE_TARGETS) assert.equal(safeRedirect(target, PORTAL, [BRAND]), null, JSON.stringify(target));
  });

  it('keeps the portal paths and the registered brand origin', () => {
    for (const [target, expected] of SAFE_TARGETS) assert.equal(safeRedirect(target, PORTAL, [BRAND]), expected, JSON.stringify(target));
  });

  it('never returns a target a browser reads as another host', () => {
    for (const target of [...HOSTILE_TARGETS, ...SAFE_TARGETS.map(([t]) => t)]) {
      const answer = safeRedirect(target, PORTAL, [BRAND]);
      if (answer === null) continue;
      const origin = new URL(answer, `${PORTAL}/`).origin;
      assert.ok(origin === PORTAL || origin === BRAND, `${JSON.stringify(target)} -> ${answer}`);
      assert.ok(!/^[/\\]{2}/.test(answer), answer);
    }
  });
});

for (const backend of testBackends()) {
  describe(`finding 3: callBack and ticket redeem refuse hostile targets (${backend.name})`, () => {
    let t: TestApp;
    const SSO_HOST = 'sso.localhost:8080';
    const BRAND_SITE = 'https://dealer.exeed.example.com'; // registered for the exeed group in the demo data
    const PAGE_NONCE = 'brand-page-nonce-0123456789abcdef';
    before(async () => {
      t = await buildTestApp(backend, { sensitivePerMinute: 10_000, loginPerAccountPerMinute: 10_000 });
    });
    after(() => t.close());

    it('doLogin answers /home for every hostile callBack', async () => {
      const c = t.client();
      for (const callBack of HOSTILE_TARGETS.filter((target) => target.length <= 2048)) {
        const res = await c.login('zhangwei', DEMO.zhangwei, { callBack });
        assert.equal(res.body.code, 200, JSON.stringify(callBack));
        assert.equal(res.body.data.redirect, '/home', JSON.stringify(callBack));
      }
    });

    it('a ticket redeem never answers 303 to another host (//evil.example and family)', async () => {
      const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, form?: Record<string, string>) => t.app.inject({
        method, url,
        headers: { host: SSO_HOST, ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      const key = (await inject('GET', '/api/centerAuth/commonConfig/getPublicKeySm2', {})).json().data as string;
      const token = String((await inject('GET', '/api/centerAuth/sso/isLogin', { origin: BRAND_SITE })).headers['x-xsrf-token']);
      for (const callBack of ['..//evil.example', '/%2e%2e//evil.example', '//evil.example', '/\\evil.example', '/api/centerAuth/sso/signout']) {
        const res: LightMyRequestResponse = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: BRAND_SITE, 'x-xsrf-token': token, 'x-login-binding': PAGE_NONCE }, {
          name: 'zhangwei', pwd: sm2Password(DEMO.zhangwei, key), loginType: '0', ssoDomain: 'exeed.localhost', callBack,
        });
        const redirect = new URL(res.json().data.redirect as string);
        const redeem = await inject('GET', `${redirect.pathname}${redirect.search}&proof=${PAGE_NONCE}`, { referer: `${BRAND_SITE}/` });
        assert.equal(redeem.statusCode, 303, callBack);
        assert.equal(redeem.headers.location, '/home', callBack);
      }
    });
  });
}

// Cross-origin sign-in for embedded <sso-login> (docs/embedding.md): CORS only for origins a client
// group registered, the Origin-bound XSRF token, login tickets (one-time, 60 s, bound to the user
// and the callBack) redeemed by a top-level visit, and the security headers on every answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { allowOrigin, OriginAdminError, revokeOrigin } from '../../../server/embedding/embed-origin-admin.ts';
import { ORIGIN_REFUSED } from '../../../server/embedding/cors.ts';
import { redactUrl } from '../../../server/http/log-redaction.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

// Registered for the exeed group in the demo data (callbackOrigins); 5173 for the default group.
const EXEED_SITE = 'https://dealer.exeed.example.com';
const DEFAULT_SITE = 'http://localhost:5173';
const EVIL_SITE = 'https://evil.example.net';
const SSO_HOST = 'sso.localhost:8080';

for (const backend of testBackends()) {
  describe(`embedded sign-in across origins (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    const inject = (method: 'GET' | 'POST' | 'OPTIONS', url: string, headers: Record<string, string>, form?: Record<string, string>) =>
      t.app.inject({
        method,
        url,
        headers: { host: SSO_HOST, ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });

    async function encrypt(password: string): Promise<string> {
      const key = (await inject('GET', '/api/centerAuth/commonConfig/getPublicKeySm2', {})).json().data as string;
      return sm2Password(password, key);
    }

    /** What the embedded element does: a first call for the token, then doLogin with it; no cookies at all. */
    async function embeddedLogin(origin: string, fields: Record<string, string>, password = DEMO.zhangwei): Promise<LightMyRequestResponse> {
      const first = await inject('GET', '/api/centerAuth/sso/isLogin', { origin });
      const token = String(first.headers['x-xsrf-token']);
      return inject('POST', '/api/centerAuth/sso/doLogin', { origin, 'x-xsrf-token': token, 'x-login-binding': PAGE_NONCE }, {
        name: 'zhangwei', pwd: await encrypt(password), loginType: '0', ...fields,
      });
    }

    const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sso_sid');

    /** The nonce the embedding page keeps and adds as proof (widget/core/login-binding.ts). */
    const PAGE_NONCE = 'brand-page-nonce-0123456789abcdef';

    /** The redeem URL as the element visits it: with its page's proof. */
    function ticketPath(res: LightMyRequestResponse): string {
      const redirect = new URL(res.json().data.redirect as string);
      return `${redirect.pathname}${redirect.search}&proof=${PAGE_NONCE}`;
    }

    it('answers the preflight of a registered origin with credentials allowed, and exposes the XSRF header', async () => {
      const res = await inject('OPTIONS', '/api/centerAuth/sso/doLogin', {
        origin: EXEED_SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-xsrf-token,time-zone',
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers['access-control-allow-origin'], EXEED_SITE);
      assert.equal(res.headers['access-control-allow-credentials'], 'true');
      assert.match(String(res.headers['access-control-allow-headers']), /X-XSRF-TOKEN/);
      assert.match(String(res.headers['access-control-allow-headers']), /Time-Zone/);
      const get = await inject('GET', '/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=exeed.localhost', { origin: EXEED_SITE });
      assert.equal(get.headers['access-control-allow-origin'], EXEED_SITE);
      assert.equal(get.headers['access-control-expose-headers'], 'X-XSRF-TOKEN');
      assert.match(String(get.headers.vary), /Origin/);
      assert.equal(get.json().data.code, 'exeed');
    });

    it('refuses an origin no group registered: preflight, reads and form posts, without CORS headers', async () => {
      const preflight = await inject('OPTIONS', '/api/centerAuth/sso/doLogin', { origin: EVIL_SITE, 'access-control-request-method': 'POST' });
      assert.equal(preflight.statusCode, 403);
      assert.equal(preflight.headers['access-control-allow-origin'], undefined);
      const read = await inject('GET', '/api/centerAuth/sso/isLogin', { origin: EVIL_SITE });
      assert.equal(read.statusCode, 403);
      assert.deepEqual(read.json(), { code: 403, msg: ORIGIN_REFUSED, data: null });
      // A cross-site form post needs no preflight: it is refused by the server itself.
      const post = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: EVIL_SITE }, { name: 'zhangwei', pwd: await encrypt(DEMO.zhangwei), loginType: '0' });
      assert.equal(post.statusCode, 403);
      assert.equal(post.headers['set-cookie'], undefined);
      assert.equal(post.headers['access-control-allow-origin'], undefined);
      // A sandboxed page sends Origin: null: no group can register that.
      assert.equal((await inject('GET', '/api/centerAuth/sso/isLogin', { origin: 'null' })).statusCode, 403);
    });

    it('needs the Origin-bound XSRF token on doLogin: none, a cookie-style one or another origin\'s is 403', async () => {
      const pwd = await encrypt(DEMO.zhangwei);
      const form = { name: 'zhangwei', pwd, loginType: '0', ssoDomain: 'exeed.localhost' };
      const none = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: EXEED_SITE }, form);
      assert.equal(none.statusCode, 403);
      assert.deepEqual(none.json(), { code: 403, msg: '请求校验失败，请刷新页面后重试', data: null });
      // The double-submit pair of a cookie does not count for a cross-origin call.
      const cookieStyle = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: EXEED_SITE, cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwx', 'x-xsrf-token': 'abcdefghijklmnopqrstuvwx' }, form);
      assert.equal(cookieStyle.statusCode, 403);
      const otherToken = String((await inject('GET', '/api/centerAuth/sso/isLogin', { origin: DEFAULT_SITE })).headers['x-xsrf-token']);
      const crossed = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: EXEED_SITE, 'x-xsrf-token': otherToken }, form);
      assert.equal(crossed.statusCode, 403);
    });

    it('signs in without setting a cookie and answers a redeem URL; redeem starts the session and goes to /home', async () => {
      const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost', clientId: 'exeed-dealer' });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.code, 200);
      assert.equal(body.data.username, 'zhangwei');
      assert.match(body.data.redirect, /^http:\/\/sso\.localhost:8080\/api\/centerAuth\/sso\/ticket\/redeem\?ticket=[A-Za-z0-9_-]{40,}$/);
      assert.equal(body.data.ticket, new URL(body.data.redirect).searchParams.get('ticket'));
      assert.equal(res.headers['set-cookie'], undefined, 'no session cookie for a third-party context');

      const redeem = await inject('GET', ticketPath(res), { referer: `${EXEED_SITE}/` });
      assert.equal(redeem.statusCode, 303);
      assert.equal(redeem.headers.location, '/home');
      assert.equal(redeem.headers['cache-control'], 'no-store');
      const sid = redeem.cookies.find((c) => c.name === 'sso_sid');
      assert.ok(sid);
      assert.equal(sid.httpOnly, true);
      assert.equal(sid.sameSite, 'Lax');
      const isLogin = await inject('GET', '/api/centerAuth/sso/isLogin', { cookie: `sso_sid=${sid.value}` });
      assert.equal(isLogin.json().data, true);
    });

    it('refuses a replayed ticket and one used after its 60 s, with a Chinese page', async () => {
      const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost' });
      assert.equal((await inject('GET', ticketPath(res), { referer: `${EXEED_SITE}/` })).statusCode, 303);
      const replay = await inject('GET', ticketPath(res), { referer: `${EXEED_SITE}/` });
      assert.equal(replay.statusCode, 410);
      assert.match(String(replay.headers['content-type']), /^text\/html/);
      assert.match(replay.body, /登录凭证已使用，请返回登录页重新登录/);
      assert.equal(sessionCookie(replay), undefined);

      const late = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost' });
      t.clock.advance(61_000);
      const expired = await inject('GET', ticketPath(late), {});
      assert.equal(expired.statusCode, 410);
      assert.match(expired.body, /登录凭证已过期，请返回登录页重新登录/);
      assert.equal(sessionCookie(expired), undefined);
    });

    it('never writes a ticket to the request log', () => {
      assert.equal(redactUrl('/api/centerAuth/sso/ticket/redeem?ticket=AbC_123-xyz'), '/api/centerAuth/sso/ticket/redeem?ticket=***');
    });

    it('refuses a forged ticket and a ticket carried to a third site', async () => {
      const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost' });
      const path = ticketPath(res);
      const forged = path.replace(/ticket=([^&]*)/, (_m, ticket: string) => `ticket=${ticket.slice(0, -4)}${ticket.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
      const bad = await inject('GET', forged, {});
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /登录凭证无效，请返回登录页重新登录/);
      const carried = await inject('GET', path, { referer: `${EVIL_SITE}/phish` });
      assert.equal(carried.statusCode, 400);
      assert.equal(sessionCookie(carried), undefined);
    });

    it('refuses a ticket redeemed without a Referer (a no-referrer page: login CSRF) or from the SSO origin itself (issue 13)', async () => {
      for (const headers of [{}, { referer: 'null' }, { referer: 'about:blank' }] as Record<string, string>[]) {
        const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost' });
        const bare = await inject('GET', ticketPath(res), headers);
        assert.equal(bare.statusCode, 400, JSON.stringify(headers));
        assert.match(bare.body, /登录凭证无效，请返回登录页重新登录/);
        assert.equal(sessionCookie(bare), undefined);
      }
      const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost' });
      // A callBack on the SSO origin pointing at a stranger's ticket would swap the session.
      const fromSso = await inject('GET', ticketPath(res), { referer: `http://${SSO_HOST}/` });
      assert.equal(fromSso.statusCode, 400);
      assert.equal(sessionCookie(fromSso), undefined);
    });

    it('binds the registered callBack to the ticket; a foreign one gets a ticket to /home, never to that site', async () => {
      const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost', callBack: `${EXEED_SITE}/orders?id=7` });
      const redeem = await inject('GET', ticketPath(res), { referer: EXEED_SITE });
      assert.equal(redeem.statusCode, 303);
      assert.equal(redeem.headers.location, `${EXEED_SITE}/orders?id=7`);
      const foreign = await embeddedLogin(EXEED_SITE, { ssoDomain: 'exeed.localhost', callBack: `${EVIL_SITE}/` });
      assert.equal(foreign.json().code, 200);
      const home = await inject('GET', ticketPath(foreign), { referer: EXEED_SITE });
      assert.equal(home.statusCode, 303);
      assert.equal(home.headers.location, '/home');
    });

    it('issues no ticket to an origin registered for another group than the one signed in to', async () => {
      const res = await embeddedLogin(EXEED_SITE, { ssoDomain: 'localhost' });
      assert.deepEqual(res.json(), { code: 'AU00131', errorCode: 'AU00131', msg: '当前站点未登记为该客户组的嵌入站点', data: null });
      assert.equal(res.headers['set-cookie'], undefined);
    });

    it('allow-origin / revoke-origin (admin CLI) open and close CORS for a new brand site at once', async () => {
      const site = 'https://new-brand.example.org';
      const preflight = () => inject('OPTIONS', '/api/centerAuth/sso/doLogin', { origin: site, 'access-control-request-method': 'POST' });
      assert.equal((await preflight()).statusCode, 403);
      assert.deepEqual(await allowOrigin(t.ctx.stores.catalog, 'exeed', `${site}/`), [EXEED_SITE, site]);
      assert.equal((await preflight()).statusCode, 204);
      await assert.rejects(allowOrigin(t.ctx.stores.catalog, 'exeed', `${site}/login`), OriginAdminError);
      await assert.rejects(allowOrigin(t.ctx.stores.catalog, 'nosuchgroup', site), OriginAdminError);
      assert.deepEqual(await revokeOrigin(t.ctx.stores.catalog, 'exeed', site), [EXEED_SITE]);
      assert.equal((await preflight()).statusCode, 403);
    });

    it('gives a registered brand origin CORS only on the widget\'s paths: none on /api/console or /api/account (issue 31)', async () => {
      const preflight = (url: string) => inject('OPTIONS', url, { origin: EXEED_SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-xsrf-token' });
      assert.equal((await preflight('/api/centerAuth/sso/doLogin')).headers['access-control-allow-origin'], EXEED_SITE);
      assert.equal((await preflight('/api/admin/mobile/13800138000')).headers['access-control-allow-origin'], EXEED_SITE);
      for (const url of ['/api/console/session', '/api/console/me', '/api/account/phone', '/api/account/passkeys/options', '/api/account/sessions/end-others']) {
        const res = await preflight(url);
        assert.equal(res.statusCode, 403, url);
        assert.equal(res.headers['access-control-allow-origin'], undefined, url);
        assert.equal(res.headers['x-xsrf-token'], undefined, url);
      }
      const read = await inject('GET', '/api/account/profile', { origin: EXEED_SITE });
      assert.equal(read.statusCode, 403);
      assert.deepEqual(read.json(), { code: 403, msg: ORIGIN_REFUSED, data: null });
      assert.equal(read.headers['access-control-allow-origin'], undefined);
    });

    it('refuses a same-site brand page\'s POST to /api/account with the session cookie and the origin-bound token', async () => {
      // www beside sso on one site: the browser sends the SameSite session cookie along.
      const c = t.client(SSO_HOST);
      await c.login('zhangwei', DEMO.zhangwei, {});
      await t.client(SSO_HOST).login('zhangwei', DEMO.zhangwei, {});
      const token = String((await inject('GET', '/api/centerAuth/sso/isLogin', { origin: EXEED_SITE })).headers['x-xsrf-token']);
      assert.match(token, /\./);
      const before = (await c.get('/api/account/sessions')).body.data.length;
      assert.ok(before >= 2);
      const res = await c.post('/api/account/sessions/end-others', { json: {}, headers: { origin: EXEED_SITE }, xsrf: token });
      assert.equal(res.status, 403);
      assert.equal(res.body.msg, ORIGIN_REFUSED);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
      const console = await c.post('/api/console/session', { json: { name: 'zhangwei', password: 'x' }, headers: { origin: EXEED_SITE }, xsrf: token });
      assert.equal(console.status, 403);
      assert.equal(console.body.msg, ORIGIN_REFUSED);
      assert.equal((await c.get('/api/account/sessions')).body.data.length, before);
    });

    it('keeps same-origin sign-in as it was: cookie session, no ticket', async () => {
      const c = t.client(SSO_HOST);
      const res = await c.login('zhangwei', DEMO.zhangwei, {});
      assert.deepEqual(res.body.data, { username: 'zhangwei', redirect: '/home' });
      assert.ok(res.cookies.find((k) => k.name === 'sso_sid'));
    });

    it('sends the security headers: strict CSP on pages, a locked-down one on JSON, nosniff, referrer policy', async () => {
      const page = await inject('GET', '/some/page', { accept: 'text/html' });
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.match(csp, /script-src 'self' https:\/\/wwcdn\.weixin\.qq\.com https:\/\/lf-package-cn\.feishucdn\.com;/);
      assert.match(csp, /style-src 'self';/);
      assert.match(csp, /frame-src https:\/\/open\.work\.weixin\.qq\.com https:\/\/passport\.feishu\.cn;/);
      assert.match(csp, /frame-ancestors 'self'/);
      assert.equal(page.headers['x-content-type-options'], 'nosniff');
      assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(page.headers['strict-transport-security'], undefined, 'no HSTS over plain http');
      // Revalidating a cached page: the 304 must not bring a policy of its own (the browser would
      // merge it into the cached page and block every script on reload).
      // (A static file that is always there stands in for the built portal page.)
      const file = await inject('GET', '/assets/apps/campaign.svg', {});
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['access-control-allow-origin'], '*');
      const revalidated = await inject('GET', '/assets/apps/campaign.svg', { 'if-none-match': String(file.headers.etag) });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.headers['content-security-policy'], undefined);
      const json = await inject('GET', '/api/centerAuth/sso/isLogin', {});
      assert.equal(json.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
      assert.equal(json.headers['x-content-type-options'], 'nosniff');
    });
  });
}

describe('HSTS over https only', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp(testBackends()[0]!, { trustProxy: 1 });
  });
  after(() => t.close());

  it('sends Strict-Transport-Security when the request came over https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/centerAuth/sso/isLogin', headers: { host: 'sso.example.com', 'x-forwarded-proto': 'https' } });
    assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  });
});

// Issue 13, finding 11 (Info): the XSRF token was neither tied to the session nor rotated at
// sign-in, cookies lacked the __Host- prefix over https, and /api/health showed dependency details
// to anyone. Now the token is derived from the session (a new one at every sign-in, the old one
// refused), cookies are named __Host-... when SSO_PUBLIC_URL is https, and health details are for
// loopback or SSO_HEALTH_TOKEN only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const HEALTH_TOKEN = 'health-token-0123456789';

for (const backend of testBackends()) {
  describe(`finding 11: XSRF bound to the session, __Host- cookies, health details (${backend.name})`, () => {
    let t: TestApp;
    let https: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { healthToken: HEALTH_TOKEN });
      https = await buildTestApp(backend, { publicUrl: 'https://sso.example.com' });
    });
    after(async () => {
      await t.close();
      await https.close();
    });

    it('rotates the XSRF token at sign-in, and the token from before no longer works', async () => {
      const c = t.client();
      await c.get('/api/centerAuth/sso/isLogin');
      const before = c.cookies.get('XSRF-TOKEN')!;
      const login = await c.login('zhangwei', DEMO.zhangwei);
      assert.equal(login.body.code, 200);
      const after = c.cookies.get('XSRF-TOKEN')!;
      assert.notEqual(after, before, 'a new token with the new session');
      assert.equal(login.headers['x-xsrf-token'], after);
      // An attacker who planted or read the old token (cookie and header alike) is refused.
      c.cookies.set('XSRF-TOKEN', before);
      const stale = await c.get('/api/centerAuth/sso/signout', { xsrf: before });
      assert.equal(stale.status, 403);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true, 'still signed in');
      // The next answer hands the session's token back; with it the call goes through.
      assert.equal((await c.get('/api/centerAuth/sso/signout')).body.code, 200);
    });

    it('a token bound to one session does not work with another', async () => {
      const [a, b] = [t.client(), t.client()];
      await a.login('zhangwei', DEMO.zhangwei);
      await b.login('dealer01', DEMO.dealer01);
      const res = await b.get('/api/centerAuth/sso/signout', { xsrf: a.cookies.get('XSRF-TOKEN')! });
      assert.equal(res.status, 403);
    });

    it('names the cookies __Host-... with Secure and Path=/ when the public URL is https', async () => {
      const c = https.client();
      const first = await c.get('/api/centerAuth/sso/isLogin', { xsrf: false });
      const xsrf = first.cookies.find((cookie) => cookie.name === '__Host-XSRF-TOKEN');
      assert.ok(xsrf, JSON.stringify(first.cookies));
      assert.equal(xsrf.secure, true);
      assert.equal(xsrf.path, '/');
      assert.equal(xsrf.domain, undefined);
      const c2 = https.client();
      c2.cookies.set('XSRF-TOKEN', 'ignored'); // the plain name means nothing here
      await c2.get('/api/centerAuth/sso/isLogin');
      const login = await c2.post('/api/centerAuth/sso/doLogin', {
        form: { name: 'zhangwei', pwd: await c2.encrypt(DEMO.zhangwei), loginType: '0' }, xsrf: c2.cookies.get('__Host-XSRF-TOKEN')!,
      });
      assert.equal(login.body.code, 200, JSON.stringify(login.body));
      const sid = login.cookies.find((cookie) => cookie.name === '__Host-sso_sid');
      assert.ok(sid);
      assert.equal(sid.secure, true);
      assert.equal(sid.httpOnly, true);
      assert.equal(login.cookies.some((cookie) => cookie.name === 'sso_sid'), false);
    });

    it('/api/health shows details to loopback and to the token holder, the status alone to others', async () => {
      const local = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.ok(local.json().data.checks.database);
      const remote = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.5' });
      assert.deepEqual(remote.json(), { code: 200, msg: 'success', data: { status: 'ok' } });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '203.0.113.5' });
      assert.deepEqual(ready.json().data, { status: 'ok' });
      const wrong = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.5', headers: { 'x-health-token': 'guess-guess-guess-guess' } });
      assert.deepEqual(wrong.json().data, { status: 'ok' });
      const withToken = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.5', headers: { 'x-health-token': HEALTH_TOKEN } });
      assert.ok(withToken.json().data.checks.database);
    });

    it('a visitor forwarded by a reverse proxy on this host (not named in SSO_TRUST_PROXY) is not the machine itself', async () => {
      for (const headers of [{ 'x-forwarded-for': '203.0.113.5' }, { forwarded: 'for=203.0.113.5' }]) {
        const proxied = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers });
        assert.deepEqual(proxied.json().data, { status: 'ok' }, JSON.stringify(headers));
      }
      const proxiedWithToken = await t.app.inject({
        method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5', 'x-health-token': HEALTH_TOKEN },
      });
      assert.ok(proxiedWithToken.json().data.checks.database, 'the token still works through the proxy');
    });
  });
}

// POST /centerAuth/sso/doLogin (password), GET isLogin, GET curLogin/info, GET signout,
// GET getPublicKeySm2: sessions, lockout, ageing, first login, callBack rules, audit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import smCrypto from 'sm-crypto';
import { sm2Password } from '../../helpers/sm2-password.ts';

for (const backend of testBackends()) {
  describe(`doLogin and sessions (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { lockoutMaxFailures: 5 });
    });
    after(() => t.close());

    it('getPublicKeySm2 answers the 130-hex-char public key', async () => {
      const res = await t.client().get('/api/centerAuth/commonConfig/getPublicKeySm2');
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(res.body.msg, 'success');
      assert.match(res.body.data, /^04[0-9a-f]{128}$/i);
    });

    it('logs zhangwei in: session cookie HttpOnly + SameSite=Lax, isLogin true, curLogin/info, rotation', async () => {
      const c = t.client();
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
      const res = await c.post('/api/centerAuth/sso/doLogin', {
        form: { name: 'zhangwei', pwd: await c.encrypt(DEMO.zhangwei), loginType: '0', clientId: 'portal', from: 'login' },
        headers: { 'time-zone': 'Asia/Shanghai' },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
      const sid = res.cookies.find((k) => k.name === 'sso_sid');
      assert.ok(sid);
      assert.equal(sid.httpOnly, true);
      assert.equal(sid.sameSite, 'Lax');
      assert.equal(sid.path, '/');
      assert.equal(sid.secure, undefined);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      assert.deepEqual((await c.get('/api/centerAuth/user/curLogin/info')).body.data, { username: 'zhangwei' });
      const first = c.cookies.get('sso_sid');
      await c.login('zhangwei', DEMO.zhangwei);
      assert.notEqual(c.cookies.get('sso_sid'), first, 'a new login rotates the session id');
      const stale = t.client();
      stale.cookies.set('sso_sid', first!);
      assert.equal((await stale.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the old id no longer works');
    });

    it('wrong password and unknown user get the same message', async () => {
      const c = t.client();
      const wrong = await c.login('dealer01', 'Wrong@2026x');
      const unknown = await c.login('nobody99', 'Wrong@2026x');
      for (const res of [wrong, unknown]) {
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { code: 'AU00100', errorCode: 'AU00100', msg: '用户名或密码错误', data: null });
        assert.equal(res.cookies.find((k) => k.name === 'sso_sid'), undefined);
      }
    });

    it('agedpwd gets AU00153 and firstlogin AU00154, with no session', async () => {
      const c = t.client();
      const aged = await c.login('agedpwd', DEMO.agedpwd);
      assert.equal(aged.body.code, 'AU00153');
      assert.equal(aged.body.errorCode, 'AU00153');
      assert.equal(aged.body.msg, '密码已超过一个月未修改，请修改密码');
      const first = await c.login('firstlogin', DEMO.firstlogin);
      assert.equal(first.body.code, 'AU00154');
      assert.equal(first.body.msg, '首次登录，请先修改密码');
      assert.equal(c.cookies.has('sso_sid'), false);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
    });

    it('five failures lock the account (HTTP 423 该账号已锁定), even for the right password, for 15 minutes', async () => {
      const c = t.client();
      assert.equal((await c.login('dealer01', DEMO.dealer01)).body.code, 200, 'starts from a clean count');
      for (let i = 1; i <= 4; i++) assert.equal((await c.login('dealer01', `Wrong@2026${i}`)).body.code, 'AU00100');
      const fifth = await c.login('dealer01', 'Wrong@20265');
      assert.equal(fifth.status, 423);
      assert.deepEqual(fifth.body, { code: 423, msg: '该账号已锁定，请 15 分钟后再试', data: null });
      t.clock.advance(5 * 60_000 + 1000);
      const right = await c.login('dealer01', DEMO.dealer01);
      assert.equal(right.status, 423);
      assert.equal(right.body.msg, '该账号已锁定，请 10 分钟后再试', 'the minutes left, rounded up');
      t.clock.advance(10 * 60_000);
      const later = await c.login('dealer01', DEMO.dealer01);
      assert.equal(later.body.code, 200);
    });

    it('a successful login resets the failure count', async () => {
      const c = t.client();
      for (let i = 0; i < 4; i++) await c.login('zhangwei', 'Wrong@2026x');
      assert.equal((await c.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      for (let i = 0; i < 4; i++) assert.equal((await c.login('zhangwei', 'Wrong@2026x')).body.code, 'AU00100');
      assert.equal((await c.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    });

    it('callBack: same origin and relative kept, registered origin kept; a foreign one signs in to /home, never there', async () => {
      const c = t.client();
      const rel = await c.login('zhangwei', DEMO.zhangwei, { callBack: '/home?tab=1' });
      assert.equal(rel.body.data.redirect, '/home?tab=1');
      // Relative without a leading slash: a path on the SSO origin (it used to lock the user out).
      for (const [callBack, expected] of [['next', '/next'], ['apps/list?x=1#top', '/apps/list?x=1#top'], ['../up', '/up']] as const) {
        const fresh = t.client();
        const res = await fresh.login('zhangwei', DEMO.zhangwei, { callBack });
        assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: expected } }, callBack);
        assert.equal(fresh.cookies.has('sso_sid'), true);
      }
      const same = await c.login('zhangwei', DEMO.zhangwei, { callBack: 'http://localhost/apps' });
      assert.equal(same.body.data.redirect, 'http://localhost/apps');
      const registered = await c.login('zhangwei', DEMO.zhangwei, { callBack: 'http://localhost:5173/x' });
      assert.equal(registered.body.data.redirect, 'http://localhost:5173/x');
      const exeed = await t.client('exeed.localhost').login('zhangwei', DEMO.zhangwei, { callBack: 'https://dealer.exeed.example.com/a' });
      assert.equal(exeed.body.data.redirect, 'https://dealer.exeed.example.com/a');
      const foreign = ['https://evil.example.com/', '//evil.example.com/x', 'javascript:alert(1)', '/\\evil.example.com', 'http://[bad', 'data:text/html,x'];
      for (const callBack of foreign) {
        const fresh = t.client();
        const res = await fresh.login('zhangwei', DEMO.zhangwei, { callBack });
        assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } }, callBack);
        assert.equal(fresh.cookies.has('sso_sid'), true, 'the user is signed in all the same');
      }
      // The credentials are still checked: a foreign callBack is no way around them.
      assert.equal((await t.client().login('zhangwei', 'Wrong@2026x', { callBack: 'https://evil.example.com/' })).body.code, 'AU00100');
    });

    it('every attempt is audited with who, when, ip, method and result', async () => {
      const rows = await t.ctx.stores.audit.listLoginAudit(200);
      const results = new Set(rows.map((r) => `${r.username}:${r.result}`));
      for (const expected of ['zhangwei:success', 'nobody99:bad_credentials', 'agedpwd:password_expired', 'firstlogin:must_change', 'dealer01:locked']) {
        assert.ok(results.has(expected), expected);
      }
      const row = rows.find((r) => r.result === 'success')!;
      assert.equal(row.method, 'password');
      assert.equal(row.ip, '127.0.0.1');
      assert.ok(Math.abs(row.at - t.clock.now()) < 3600_000);
    });

    it('refuses malformed input with 400 and a Chinese message naming the field', async () => {
      const c = t.client();
      const badPwd = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd: 'plaintext' } });
      assert.equal(badPwd.status, 400);
      assert.deepEqual(badPwd.body, { code: 400, msg: '密码格式不正确，请刷新页面后重试', data: null });
      const extra = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', role: 'admin' } });
      assert.equal(extra.status, 400);
      assert.equal(extra.body.msg, '不支持的参数 role');
      const badType = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', loginType: '7' } });
      assert.equal(badType.body.msg, '登录方式不正确');
      // Each unusable cipher text has its own message, so a client bug is told apart from a stale key.
      const malformed = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd: '04' + 'ab'.repeat(120) } });
      assert.equal(malformed.body.code, 'AU00106');
      assert.match(malformed.body.msg, /密码密文格式不正确/);
      // A C1 starting with the byte 04 (1 in 256) would still look prefixed once 04 is cut off.
      let cipher = await c.encrypt(DEMO.zhangwei);
      while (cipher.startsWith('0404')) cipher = await c.encrypt(DEMO.zhangwei);
      const noPrefix = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd: cipher.slice(2) } });
      assert.equal(noPrefix.body.code, 'AU00105');
      assert.match(noPrefix.body.msg, /缺少 04 前缀/);
      const otherKey = sm2Password(DEMO.zhangwei, smCrypto.sm2.generateKeyPairHex().publicKey);
      const undecryptable = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd: otherKey } });
      assert.equal(undecryptable.body.code, 'AU00101');
      assert.equal(undecryptable.body.msg, '密码解密失败，请刷新页面后重试');
      const empty = await c.post('/api/centerAuth/sso/doLogin', { form: {} });
      assert.equal(empty.body.code, 'AU00100');
    });

    it('rate-limits doLogin per client address (429)', async () => {
      const limited = await buildTestApp(backend, { sensitivePerMinute: 3 });
      try {
        const c = limited.client();
        for (let i = 0; i < 3; i++) assert.equal((await c.post('/api/centerAuth/sso/doLogin', { form: {} })).status, 200);
        const res = await c.post('/api/centerAuth/sso/doLogin', { form: {} });
        assert.equal(res.status, 429);
        assert.deepEqual(res.body, { code: 429, msg: '请求过于频繁，请稍后再试', data: null });
      } finally {
        await limited.close();
      }
    });

    it('signout ends the session (XSRF required); curLogin/info then answers AU00300', async () => {
      const c = t.client();
      await c.login('zhangwei', DEMO.zhangwei);
      const noHeader = await c.get('/api/centerAuth/sso/signout', { xsrf: false });
      assert.equal(noHeader.status, 403);
      assert.equal(noHeader.body.msg, '请求校验失败，请刷新页面后重试');
      const out = await c.get('/api/centerAuth/sso/signout?from=home');
      assert.deepEqual(out.body, { code: 200, msg: 'success', data: null });
      assert.equal(c.cookies.has('sso_sid'), false);
      const info = await c.get('/api/centerAuth/user/curLogin/info');
      assert.deepEqual(info.body, { code: 'AU00300', errorCode: 'AU00300', msg: '未登录或登录已失效，请重新登录', data: null });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
    });
  });
}

// POST /centerAuth/user/changePassword: old password, confirmation, strength, reuse, and the
// AU00153 / AU00154 flags cleared afterwards.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';

async function change(c: Client, userName: string, oldPassword: string, newPassword: string, confirmPassword = newPassword) {
  return c.post('/api/centerAuth/user/changePassword', {
    json: { userName, oldPassword: await c.encrypt(oldPassword), newPassword: await c.encrypt(newPassword), confirmPassword: await c.encrypt(confirmPassword) },
  });
}

const refusal = (code: string, msg: string) => ({ code, errorCode: code, msg, data: null });

for (const backend of testBackends()) {
  describe(`changePassword (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('firstlogin changes the password (no session needed), then logs in with the new one', async () => {
      const c = t.client();
      assert.equal((await c.login('firstlogin', DEMO.firstlogin)).body.code, 'AU00154');
      const res = await change(c, 'firstlogin', DEMO.firstlogin, 'New@2026first');
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: null });
      assert.equal((await c.login('firstlogin', DEMO.firstlogin)).body.code, 'AU00100', 'the old password is gone');
      const login = await c.login('firstlogin', 'New@2026first');
      assert.deepEqual(login.body.data, { username: 'firstlogin', redirect: '/home' });
    });

    it('agedpwd changes the password and AU00153 is cleared', async () => {
      const c = t.client();
      assert.equal((await c.login('agedpwd', DEMO.agedpwd)).body.code, 'AU00153');
      assert.equal((await change(c, 'agedpwd', DEMO.agedpwd, 'Fresh#2026aged')).body.code, 200);
      assert.equal((await c.login('agedpwd', 'Fresh#2026aged')).body.code, 200);
      t.clock.advance(31 * 24 * 3600_000);
      assert.equal((await t.client().login('agedpwd', 'Fresh#2026aged')).body.code, 'AU00153', 'ageing starts again from the change');
      t.clock.advance(-31 * 24 * 3600_000);
    });

    it('refuses a wrong old password with the login message (no session: the AU00153 / AU00154 dialog)', async () => {
      const res = await change(t.client(), 'zhangwei', 'Wrong@2026x', 'Other@2026demo');
      assert.deepEqual(res.body, refusal('AU00100', '用户名或密码错误'));
    });

    it('from the account page (a session of that account) a wrong current password is AU00107 当前密码错误; another name signed in keeps AU00100', async () => {
      const c = t.client();
      assert.equal((await c.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      const res = await change(c, 'zhangwei', 'Wrong@2026x', 'Other@2026demo');
      assert.deepEqual(res.body, refusal('AU00107', '当前密码错误'));
      const other = await change(c, 'dealer01', 'Wrong@2026x', 'Other@2026demo');
      assert.deepEqual(other.body, refusal('AU00100', '用户名或密码错误'), 'a name typed for another account: the login message');
      const unknown = await change(c, 'nobody-here', 'Wrong@2026x', 'Other@2026demo');
      assert.deepEqual(unknown.body, refusal('AU00100', '用户名或密码错误'));
    });

    it('refuses a confirmation that differs', async () => {
      const res = await change(t.client(), 'zhangwei', DEMO.zhangwei, 'Other@2026demo', 'Other@2026dem0');
      assert.deepEqual(res.body, refusal('AU00102', '两次输入的新密码不一致'));
    });

    it('refuses the current password as the new one', async () => {
      const res = await change(t.client(), 'zhangwei', DEMO.zhangwei, DEMO.zhangwei);
      assert.deepEqual(res.body, refusal('AU00104', '新密码不能与当前密码相同'));
    });

    it('applies the password policy: 8-64 chars, three kinds, not the username, not a common password (issue 13)', async () => {
      const shape = refusal('AU00103', '密码需为8-64位，且至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含空格');
      for (const pwd of ['Ab1!', 'alllowercase1', 'A'.repeat(60) + 'a1!'.repeat(5)]) {
        assert.deepEqual((await change(t.client(), 'zhangwei', DEMO.zhangwei, pwd)).body, shape, pwd);
      }
      assert.deepEqual((await change(t.client(), 'zhangwei', DEMO.zhangwei, 'Zhangwei@2026')).body, refusal('AU00103', '密码不能包含用户名'));
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200, 'nothing changed');
    });

    it('a change ends the sessions of that user', async () => {
      const c = t.client();
      await c.login('dealer01', DEMO.dealer01);
      assert.equal((await change(t.client(), 'dealer01', DEMO.dealer01, 'Dealer#2026new')).body.code, 200);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
    });

    it('refuses missing fields and plaintext passwords with 400', async () => {
      const c = t.client();
      const missing = await c.post('/api/centerAuth/user/changePassword', { json: { userName: 'zhangwei' } });
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body, { code: 400, msg: '缺少参数 oldPassword', data: null });
      const plain = await c.post('/api/centerAuth/user/changePassword', {
        json: { userName: 'zhangwei', oldPassword: DEMO.zhangwei, newPassword: 'x', confirmPassword: 'x' },
      });
      assert.equal(plain.status, 400);
      assert.equal(plain.body.msg, '密码格式不正确，请刷新页面后重试');
    });

    it('a changed password clears the failures counted under the lockout key (name in any case)', async () => {
      const c = t.client();
      // The lockout counts per name trimmed and lowercased: "AGEDPWD " and "agedpwd" share a counter.
      for (let i = 0; i < 4; i++) assert.equal((await c.login(' AGEDPWD ', `Wrong@2026${i}`)).body.code, 'AU00100');
      assert.equal((await change(c, 'agedpwd', 'Fresh#2026aged', 'Again#2026aged')).body.code, 200);
      for (let i = 0; i < 4; i++) assert.equal((await c.login('agedpwd', `Wrong@2026${i}`)).body.code, 'AU00100', 'counter started again');
      assert.equal((await c.login('agedpwd', 'Again#2026aged')).body.code, 200);
    });

    it('wrong old passwords count toward the lockout (423)', async () => {
      const c = t.client();
      let last;
      for (let i = 0; i < 5; i++) last = await change(c, 'zhangwei', `Wrong@2026${i}`, 'Other@2026demo');
      assert.equal(last!.status, 423);
      assert.deepEqual(last!.body, { code: 423, msg: '该账号已锁定，请 15 分钟后再试', data: null });
      assert.equal((await c.login('zhangwei', DEMO.zhangwei)).status, 423);
    });
  });
}

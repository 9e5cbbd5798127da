// 稍后修改 (docs/api-contract.md "Password ageing"): AU00153 explains itself (age, limit, end of the
// grace); postponePasswordChange=1 signs in only while the server's clock is within the grace;
// a first-login change (AU00154) cannot be postponed; with no grace configured nothing can.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const DAY = 24 * 3600_000;
const POSTPONE = { postponePasswordChange: '1' };

for (const backend of testBackends()) {
  describe(`postponing an aged password (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      // agedpwd's password was changed 40 days ago: the limit is 30, the grace 14 more days.
      t = await buildTestApp(backend, { passwordMaxAgeMs: 30 * DAY, passwordGraceMs: 14 * DAY });
    });
    after(() => t.close());

    it('AU00153 carries the age, the limit and the end of the grace', async () => {
      const res = await t.client().login('agedpwd', DEMO.agedpwd);
      assert.equal(res.body.code, 'AU00153');
      assert.equal(res.body.msg, '密码已超过一个月未修改，请修改密码');
      const { ageDays, maxAgeDays, postponeUntil } = res.body.data;
      assert.equal(ageDays, 40);
      assert.equal(maxAgeDays, 30);
      assert.ok(Math.abs(postponeUntil - (t.clock.now() + 4 * DAY)) < 60_000, 'the grace ends 44 days after the change');
    });

    it('within the grace, 稍后修改 signs in (a session) and is audited', async () => {
      const c = t.client();
      const res = await c.login('agedpwd', DEMO.agedpwd, POSTPONE);
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'agedpwd', redirect: '/home' } });
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
      const audit = await t.ctx.stores.audit.listLoginAudit(10);
      assert.ok(audit.some((row) => row.username === 'agedpwd' && row.result === 'change_postponed'));
      assert.equal((await t.client().login('agedpwd', DEMO.agedpwd)).body.code, 'AU00153', 'the next sign-in asks again');
    });

    it('a wrong password with the flag is still a wrong password', async () => {
      assert.equal((await t.client().login('agedpwd', 'Wrong@2026aged', POSTPONE)).body.code, 'AU00100');
    });

    it('beyond the grace the flag is refused with AU00153 and postponeUntil null', async () => {
      t.clock.advance(5 * DAY);
      try {
        const c = t.client();
        const res = await c.login('agedpwd', DEMO.agedpwd, POSTPONE);
        assert.equal(res.body.code, 'AU00153');
        assert.deepEqual(res.body.data, { ageDays: 45, maxAgeDays: 30, postponeUntil: null });
        assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'no session');
      } finally {
        t.clock.advance(-5 * DAY);
      }
    });

    it('a first-login change (AU00154) cannot be postponed', async () => {
      const c = t.client();
      const res = await c.login('firstlogin', DEMO.firstlogin, POSTPONE);
      assert.equal(res.body.code, 'AU00154');
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
    });

    it('a password within its age signs in with or without the flag', async () => {
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei, POSTPONE)).body.code, 200);
    });

    it('the flag takes only 1', async () => {
      const res = await t.client().login('agedpwd', DEMO.agedpwd, { postponePasswordChange: 'yes' });
      assert.equal(res.status, 400);
    });
  });

  describe(`no grace configured (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { passwordGraceMs: 0 });
    });
    after(() => t.close());

    it('AU00153 says the change cannot wait, and the flag does not sign in', async () => {
      const first = await t.client().login('agedpwd', DEMO.agedpwd);
      assert.equal(first.body.data.postponeUntil, null);
      assert.equal((await t.client().login('agedpwd', DEMO.agedpwd, POSTPONE)).body.code, 'AU00153');
    });
  });
}

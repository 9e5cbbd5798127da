// The admin CLI is built by compose.ts like the server, so `unlock` and `reset-password` act on
// the state the running server uses in every storage mode; under SSO_REDIS_URL the lockout
// counters and the sessions live in Redis, which the CLI once never opened. add-user and
// reset-password take the password from standard input (or the terminal), never from argv (issue 31).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminCli, runAdminCli, runAdminCliWithInput } from '../../helpers/admin-cli.ts';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';
import { buildTestApp, Clock, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';


for (const backend of testBackends()) {
  describe(`admin CLI on the server's storage (${backend.name})`, () => {
    let t: TestApp;
    // The embedded server trusts its session copies for SESSION_RECHECK_MS: their clock is moved by hand.
    const cacheClock = new Clock();
    before(async () => {
      t = await buildTestApp(backend, {}, { sessionCacheClock: cacheClock.now });
    });
    after(() => t.close());

    /** The CLI in a child process, on the running server's storage. */
    const cli = (...args: string[]) => adminCli(t.config, args);

    it('unlock lets a locked account sign in again at once', async () => {
      const browser = t.client();
      for (let i = 0; i < 5; i++) await browser.login('zhangwei', 'Wrong#2026pw');
      assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).status, 423, 'locked after five failures');
      assert.match(await cli('unlock', 'zhangwei'), /zhangwei unlocked/);
      const answer = await browser.login('zhangwei', DEMO.zhangwei);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.code, 200);
    });

    it('reset-password ends the sessions the server holds and the new password signs in', async () => {
      const browser = t.client();
      assert.equal((await browser.login('dealer01', DEMO.dealer01)).body.code, 200);
      assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true);
      assert.match(await adminCli(t.config, ['reset-password', 'dealer01'], {}, 'Reset#2026pw\n'), /password of dealer01 reset/);
      cacheClock.advance(SESSION_RECHECK_MS + 1);
      assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the old session is gone');
      assert.equal((await t.client().login('dealer01', DEMO.dealer01)).body.code, 'AU00100', 'the old password no longer works');
      assert.equal((await t.client().login('dealer01', 'Reset#2026pw')).body.code, 200);
    });

    it('add-user and reset-password read the password from standard input, never from the command line', async () => {
      const added = await runAdminCliWithInput(t.config, ['add-user', 'stdinuser', '--phone', '13900000311'], 'Stdin#2026pw\n');
      assert.equal(added.status, 0, added.stderr);
      assert.ok(!added.argv.some((arg) => arg.includes('Stdin#2026pw')), 'not in argv (ps, shell history)');
      assert.equal((await t.client().login('stdinuser', 'Stdin#2026pw')).body.code, 200);
      const reset = await runAdminCliWithInput(t.config, ['reset-password', 'stdinuser'], 'Stdin#2026new\n');
      assert.equal(reset.status, 0, reset.stderr);
      assert.equal((await t.client().login('stdinuser', 'Stdin#2026new')).body.code, 200);
      // Given as an argument, the password is refused (exit 2), not echoed, and nothing changes.
      for (const args of [['add-user', 'arguser', 'Argv#2026pw'], ['reset-password', 'stdinuser', 'Argv#2026pw']]) {
        const refused = await runAdminCli(t.config, args);
        assert.equal(refused.status, 2, args.join(' '));
        assert.match(refused.stderr, /a password on the command line is refused/);
        assert.doesNotMatch(refused.stderr + refused.stdout, /Argv#2026pw/);
      }
      assert.equal(await t.ctx.stores.users.findUserByName('arguser'), null);
      assert.equal((await t.client().login('stdinuser', 'Stdin#2026new')).body.code, 200, 'the password did not change');
    });
  });
}

// The embedded server keeps copies of its sessions (server/auth/session-cache.ts). A session ended
// by another process (the admin CLI's reset-password) must be refused within about a second there,
// and at once on PostgreSQL and with Redis, where several instances share the sessions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openStorage, type Storage } from '../../../server/compose.ts';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';
import { buildTestApp, Clock, DEMO, testBackends } from '../../helpers/test-app.ts';

/** The storage another process (the admin CLI) opens on the same configuration. */
function openOtherProcessStorage(config: Parameters<typeof openStorage>[0]): Promise<Storage> {
  return openStorage(config);
}

for (const backend of testBackends()) {
  describe(`session copies (${backend.name})`, () => {
    it('a session ended from another process is refused within the recheck interval (at once without SQLite)', async () => {
      // The copies' own clock, moved by hand: no wall-time bound on a shared machine.
      const cacheClock = new Clock();
      const t = await buildTestApp(backend, {}, { sessionCacheClock: cacheClock.now });
      const other = await openOtherProcessStorage(t.config);
      try {
        const browser = t.client();
        assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
        // Twice: the second answer comes from the copy where there is one.
        assert.deepEqual((await browser.get('/api/centerAuth/sso/isLogin')).body, { code: 200, msg: 'success', data: true });
        assert.deepEqual((await browser.get('/api/centerAuth/sso/isLogin')).body, { code: 200, msg: 'success', data: true });
        const user = (await other.stores.users.findUserByName('zhangwei'))!;
        await other.stores.sessions.deleteUserSessions(user.id);
        if (backend.name !== 'sqlite') {
          assert.deepEqual((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'shared sessions must not be cached per instance');
          return;
        }
        cacheClock.advance(SESSION_RECHECK_MS);
        assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true, 'the copy is trusted for the recheck interval');
        cacheClock.advance(1);
        assert.deepEqual((await browser.get('/api/centerAuth/sso/isLogin')).body, { code: 200, msg: 'success', data: false }, 'refused once the interval has passed');
      } finally {
        await other.close();
        await t.close();
      }
    });

    it('signing out ends the session at once, and the idle timeout still holds for a copied session', async () => {
      const t = await buildTestApp(backend);
      try {
        const browser = t.client();
        assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
        assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true);
        t.clock.advance(t.config.sessionIdleMs + 1);
        const expired = await browser.get('/api/centerAuth/sso/isLogin');
        assert.equal(expired.status, 424);
        assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
        assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true);
        assert.equal((await browser.get('/api/centerAuth/sso/signout')).body.code, 200);
        assert.deepEqual((await browser.get('/api/centerAuth/sso/isLogin')).body, { code: 200, msg: 'success', data: false });
      } finally {
        await t.close();
      }
    });
  });
}

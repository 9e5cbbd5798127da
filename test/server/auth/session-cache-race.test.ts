// A session read racing its removal must not bring the session back into the in-memory copies
// (server/auth/session-cache.ts): a signed-out session, or one ended by a password change, is refused
// at once, not up to a second later.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';
import { buildTestApp, Clock, testBackends } from '../../helpers/test-app.ts';
import type { Storage } from '../../../server/compose.ts';

for (const backend of testBackends()) {
  describe(`session copies and concurrent removal (${backend.name})`, () => {
    async function withSession(run: (ctx: { storage: Storage; userId: number; idHash: string }) => Promise<void>) {
      const cacheClock = new Clock();
      const t = await buildTestApp(backend, {}, { sessionCacheClock: cacheClock.now });
      try {
        const storage = t.ctx.storage;
        const user = (await storage.stores.users.findUserByName('zhangwei'))!;
        const idHash = `race-${Math.random().toString(36).slice(2)}`;
        const now = t.clock.now();
        await storage.stores.sessions.createSession({ idHash, userId: user.id, username: user.username, createdAt: now, lastSeenAt: now });
        // Past the recheck interval: the next findSession reads the row again (a copy being refilled).
        cacheClock.advance(SESSION_RECHECK_MS + 1);
        await run({ storage, userId: user.id, idHash });
      } finally {
        await t.close();
      }
    }

    it('sign-out while the same session is being read: gone at once', async () => {
      await withSession(async ({ storage, idHash }) => {
        const [during] = await Promise.all([storage.stores.sessions.findSession(idHash), storage.stores.sessions.deleteSession(idHash)]);
        assert.equal(during?.idHash, idHash, 'the read that started first still saw the row');
        assert.equal(await storage.stores.sessions.findSession(idHash), null, 'no copy outlives the delete');
      });
    });

    it('a user\'s sessions ended inside a transaction (password change) while one is read: gone once committed', async () => {
      await withSession(async ({ storage, userId, idHash }) => {
        await Promise.all([storage.stores.sessions.findSession(idHash), storage.transaction((tx) => tx.sessions.deleteUserSessions(userId))]);
        assert.equal(await storage.stores.sessions.findSession(idHash), null);
      });
    });
  });
}

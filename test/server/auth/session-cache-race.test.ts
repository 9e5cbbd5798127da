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
    interface RaceContext {
      storage: Storage;
      userId: number;
      idHash: string;
      /** Another session of the same user, set up the same way (its next read refills a copy). */
      freshSession(): Promise<string>;
    }

    async function withSession(run: (ctx: RaceContext) => Promise<void>) {
      const cacheClock = new Clock();
      const t = await buildTestApp(backend, {}, { sessionCacheClock: cacheClock.now });
      try {
        const storage = t.ctx.storage;
        const user = (await storage.stores.users.findUserByName('zhangwei'))!;
        const freshSession = async () => {
          const idHash = `race-${Math.random().toString(36).slice(2)}`;
          const now = t.clock.now();
          await storage.stores.sessions.createSession({ idHash, userId: user.id, username: user.username, createdAt: now, lastSeenAt: now });
          // Past the recheck interval: the next findSession reads the row again (a copy being refilled).
          cacheClock.advance(SESSION_RECHECK_MS + 1);
          return idHash;
        };
        await run({ storage, userId: user.id, idHash: await freshSession(), freshSession });
      } finally {
        await t.close();
      }
    }

    it('sign-out while the same session is being read: gone at once', async () => {
      await withSession(async ({ storage, idHash: firstSession, freshSession }) => {
        // The case that could bring a copy back is the read seeing the row while the delete runs. On
        // PostgreSQL the two calls take two pool connections and the delete sometimes wins; the race
        // is run again on a new session until the read saw the row (20 tries at most), and after
        // every run no copy may outlive the delete.
        let readSawRow = false;
        for (let run = 0; run < 20 && !readSawRow; run++) {
          const idHash = run === 0 ? firstSession : await freshSession();
          const [during] = await Promise.all([storage.stores.sessions.findSession(idHash), storage.stores.sessions.deleteSession(idHash)]);
          readSawRow = during?.idHash === idHash;
          assert.equal(await storage.stores.sessions.findSession(idHash), null, 'no copy outlives the delete');
        }
        assert.ok(readSawRow, 'the read that started first still saw the row');
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

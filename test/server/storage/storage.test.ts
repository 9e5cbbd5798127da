// Storage behaviour both engines must share: restart keeps data and keys (seed runs once),
// transactions roll back as a whole, and concurrent failures are all counted.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { startServer } from '../../helpers/start-server.ts';
import { buildTestApp, testBackends } from '../../helpers/test-app.ts';

for (const backend of testBackends()) {
  describe(`storage (${backend.name})`, () => {
    it('a restart on the same data keeps users, sessions and the SM2 key; the demo seed runs once', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-restart-'));
      const schema = backend.name === 'postgres' ? { databaseSchema: `sso_restart_${process.pid}` } : {};
      const first = await startServer({ ...backend.overrides, ...schema, dataDir });
      const key1 = (await (await fetch(`${first.url}/api/centerAuth/commonConfig/getPublicKeySm2`)).json()).data;
      await first.close();
      const second = await startServer({ ...backend.overrides, ...schema, dataDir });
      try {
        const key2 = (await (await fetch(`${second.url}/api/centerAuth/commonConfig/getPublicKeySm2`)).json()).data;
        assert.equal(key2, key1);
        const t = await buildTestApp(backend, { ...schema, dataDir });
        try {
          const groups = await t.ctx.stores.catalog.listGroups();
          assert.equal(groups.length, 6, 'no duplicate groups after restarts');
          assert.equal((await t.ctx.stores.catalog.listApps('default')).length, 4);
        } finally {
          await t.app.close();
        }
      } finally {
        await second.close();
        if (backend.name === 'postgres') {
          const { dropPostgresSchema } = await import('../../../server/storage/database.ts');
          await dropPostgresSchema(backend.overrides.databaseUrl!, schema.databaseSchema!);
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    describe('on one app', async () => {
      const t = await buildTestApp(backend);
      after(() => t.close());

      it('a failing transaction leaves nothing behind', async () => {
        const storage = t.ctx.storage;
        await assert.rejects(storage.transaction(async (tx) => {
          await tx.users.insertUser({ username: 'halfdone', phone: null, passwordHash: 'x', passwordChangedAt: 0, mustChangePassword: false, kind: 'staff' });
          throw new Error('second write failed');
        }), /second write failed/);
        assert.equal(await storage.stores.users.findUserByName('halfdone'), null);
      });

      it('counts every one of ten concurrent failures (atomic counter)', async () => {
        const storage = t.ctx.storage;
        const now = Date.now();
        const results = await Promise.all(Array.from({ length: 10 }, () => storage.stores.lockout.recordFailure('racer', now, 60_000, 100, 60_000)));
        assert.deepEqual(results.map((r) => r.failureCount).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      });
    });
  });
}

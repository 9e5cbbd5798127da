// The scheduled syncs (issue 30): the running server syncs each directory once its syncMinutes
// have passed since its last sync, picks up a directory saved meanwhile without a restart, and one
// instance at a time syncs a directory (its lease row).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { startSlapd, type Slapd } from '../../helpers/slapd.ts';
import { directoryInput } from '../../helpers/directory.ts';
import { saveDirectory, syncDirectory } from '../../../server/directory/directory-admin.ts';
import { syncDueDirectories } from '../../../server/directory/directory-schedule.ts';
import { AdminActionError } from '../../../server/admin-action-error.ts';

let slapd: Slapd;
before(async () => { slapd = await startSlapd(); });
after(() => slapd.stop());

for (const backend of testBackends()) {
  describe(`scheduled directory syncs (${backend.name})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp(backend); });
    after(() => t.close());

    it('a new directory is synced syncMinutes after it was saved, then again only once they have passed since its last sync', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { syncMinutes: 5 }));
      assert.deepEqual(await syncDueDirectories(t.ctx), []);
      t.clock.advance(5 * 60_000);
      assert.deepEqual(await syncDueDirectories(t.ctx), ['corp']);
      assert.ok(await t.ctx.stores.users.findUserByName('alice'), 'the sync made the accounts');
      t.clock.advance(4 * 60_000);
      assert.deepEqual(await syncDueDirectories(t.ctx), []);
      t.clock.advance(60_000);
      assert.deepEqual(await syncDueDirectories(t.ctx), ['corp']);
    });

    it('a directory saved while the server runs is picked up; a changed syncMinutes counts at once', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { id: 'second', syncMinutes: 60 }));
      t.clock.advance(2 * 60_000);
      assert.deepEqual(await syncDueDirectories(t.ctx), []);
      await saveDirectory(t.ctx, directoryInput(slapd, { id: 'second', syncMinutes: 1, bindPassword: null }));
      t.clock.advance(60_000);
      assert.deepEqual(await syncDueDirectories(t.ctx), ['second']);
    });

    it('one sync at a time per directory: while another holds the lease, a sync is refused and the tick skips it', async () => {
      assert.equal(await t.ctx.stores.directories.takeSyncLease('corp', t.ctx.now(), t.ctx.now() + 60_000), true);
      await assert.rejects(syncDirectory(t.ctx, 'corp'), (error) => error instanceof AdminActionError && error.refusal === 'conflict');
      t.clock.advance(10 * 60_000);
      assert.ok((await syncDueDirectories(t.ctx)).includes('corp'), 'an expired lease (a crashed instance) does not block for good');
    });
  });
}

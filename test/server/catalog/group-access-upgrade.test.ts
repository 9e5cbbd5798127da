// A database made before access per group (migrations up to 0003, demo data seeded, no staff flags,
// perhaps no demo memberships) upgrades on the next start: migration 0004 adds the staff flag, and
// the demo seed marks the demo's staff groups and adds its memberships, once, without touching the
// rest of the demo groups.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { compose } from '../../../server/compose.ts';
import { openDatabase } from '../../../server/compose.ts';
import { undoMigrationsAfterGroupTheme } from '../../helpers/undo-later-migrations.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

for (const backend of testBackends()) {
  describe(`upgrade of a database from before access per group (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('gets the staff flag column, the demo staff groups and the demo memberships on the next start', async () => {
      // Back to the state before this change: no 0004, no staff column, no markers, no memberships;
      // and no later migration either (0005, the app cards' client column; 0006, the group theme), as
      // in such a database.
      const { db } = await openDatabase(t.config);
      try {
        await undoMigrationsAfterGroupTheme(db, t.config);
        await sql`alter table apps drop column oidc_client_id`.execute(db);
        await sql`delete from kysely_migration where name = '0005_app_oidc_client'`.execute(db);
        await sql`alter table client_groups drop column theme`.execute(db);
        await sql`delete from kysely_migration where name = '0006_group_theme'`.execute(db);
        await sql`drop index group_members_by_group`.execute(db);
        await sql`alter table client_groups drop column staff_only`.execute(db);
        await sql`delete from kysely_migration where name = '0004_group_access'`.execute(db);
        await sql`delete from meta where key in ('demo_memberships_seeded', 'demo_staff_groups_seeded')`.execute(db);
        await sql`delete from group_members`.execute(db);
        // An administrator's change to a demo group since the seed must survive the upgrade.
        await sql`update client_groups set name = '改过的名字' where code = 'ka'`.execute(db);
      } finally {
        await db.destroy();
      }

      const ctx = await compose(t.config, { seed: true });
      try {
        const groups = await ctx.stores.catalog.listGroups();
        assert.deepEqual(groups.filter((g) => g.staffOnly).map((g) => g.code), ['default', 'ka', 'operation']);
        assert.equal(groups.find((g) => g.code === 'ka')!.name, '改过的名字');
        const dealer = await ctx.stores.users.findUserByName('dealer01');
        const staff = await ctx.stores.users.findUserByName('zhangwei');
        assert.deepEqual(await ctx.stores.memberships.groupsOf(dealer!.id), ['icar']);
        assert.equal((await ctx.stores.memberships.groupsOf(staff!.id)).length, 6);

        // Once only: a revoke after the upgrade is not undone by the next start.
        await ctx.stores.memberships.revoke(dealer!.id, 'icar');
      } finally {
        await ctx.storage.close();
      }
      const again = await compose(t.config, { seed: true });
      try {
        const dealer = await again.stores.users.findUserByName('dealer01');
        assert.deepEqual(await again.stores.memberships.groupsOf(dealer!.id), []);
      } finally {
        await again.storage.close();
      }
    });
  });
}

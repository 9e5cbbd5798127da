// A database made before group themes (no theme column, demo data seeded) upgrades on the next
// start: migration 0006 adds the column and the demo seed gives the demo groups their themes, once,
// leaving a theme an administrator set meanwhile as it is.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { compose } from '../../../server/compose.ts';
import { openDatabase } from '../../../server/compose.ts';
import { undoMigrationsAfterGroupTheme } from '../../helpers/undo-later-migrations.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const OWN_THEME = { primaryColor: '#004d40', primaryHoverColor: '#00362d', backgroundFrom: '#000000', backgroundTo: '#26a69a', logoUrl: null };

for (const backend of testBackends()) {
  describe(`upgrade of a database from before group themes (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('gets the theme column and the demo themes on the next start, once', async () => {
      const { db } = await openDatabase(t.config);
      try {
        await undoMigrationsAfterGroupTheme(db, t.config);
        await sql`alter table client_groups drop column theme`.execute(db);
        await sql`delete from kysely_migration where name = '0006_group_theme'`.execute(db);
        await sql`delete from meta where key = 'demo_themes_seeded'`.execute(db);
      } finally {
        await db.destroy();
      }

      const ctx = await compose(t.config, { seed: true });
      try {
        const groups = await ctx.stores.catalog.listGroups();
        assert.equal(groups.length, 6);
        for (const group of groups) assert.match(group.theme?.primaryColor ?? '', /^#[0-9a-f]{6}$/, group.code);
        // An administrator gives a group its own theme, and clears another's.
        const ka = groups.find((g) => g.code === 'ka')!;
        await ctx.stores.catalog.upsertGroup({ ...ka, theme: OWN_THEME });
        const icar = groups.find((g) => g.code === 'icar')!;
        await ctx.stores.catalog.upsertGroup({ ...icar, theme: null });
      } finally {
        await ctx.storage.close();
      }
      const again = await compose(t.config, { seed: true });
      try {
        const groups = await again.stores.catalog.listGroups();
        assert.deepEqual(groups.find((g) => g.code === 'ka')!.theme, OWN_THEME);
        assert.equal(groups.find((g) => g.code === 'icar')!.theme, null);
      } finally {
        await again.storage.close();
      }
    });
  });
}

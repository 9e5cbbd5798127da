// sms_quota.last_sent_by_purpose was written as null and never read: migration 0012 drops it. A
// database from before (the column still there, a quota row written) upgrades on the next start and
// keeps its quota rows; the migration's down brings the column back.
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { compose, migrateDownTo, openDatabase } from '../../../server/compose.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const PHONE = '13900000077';

/** The columns of this test's sms_quota (PostgreSQL lists every schema's tables: this one's only). */
async function quotaColumns(db: Kysely<any>, schema: string | null): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const quota = tables.find((table) => table.name === 'sms_quota' && (schema === null || table.schema === schema));
  return quota!.columns.map((column) => column.name).sort();
}

for (const backend of testBackends()) {
  describe(`upgrade of sms_quota without the per-purpose cooldown column (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('drops the column on the next start, keeping the quota rows; down brings it back', async () => {
      const { db } = await openDatabase(t.config);
      try {
        assert.deepEqual(await quotaColumns(db, t.config.databaseSchema), ['day', 'day_count', 'last_sent_at', 'phone']);
        await migrateDownTo(db, t.config.databaseUrl ? 'postgres' : 'sqlite', '0011_passkeys', t.config.databaseSchema ?? undefined);
        assert.deepEqual(await quotaColumns(db, t.config.databaseSchema), ['day', 'day_count', 'last_sent_at', 'last_sent_by_purpose', 'phone']);
        await sql`insert into sms_quota (phone, last_sent_at, last_sent_by_purpose, day, day_count) values (${PHONE}, ${1}, ${null}, ${'2026-01-01'}, ${3})`.execute(db);
      } finally {
        await db.destroy();
      }

      const ctx = await compose(t.config);
      try {
        const { db: upgraded } = await openDatabase(t.config);
        try {
          assert.deepEqual(await quotaColumns(upgraded, t.config.databaseSchema), ['day', 'day_count', 'last_sent_at', 'phone']);
          const row = await upgraded.selectFrom('sms_quota').selectAll().where('phone', '=', PHONE).executeTakeFirst();
          assert.equal(Number(row?.day_count), 3);
        } finally {
          await upgraded.destroy();
        }
      } finally {
        await ctx.storage.close();
      }
    });
  });
}

// The account page's own table (issue 21), in the server's one migration numbering (compose.ts assembles every slice's): the device (browser
// and address) each portal session was signed in from, for the account's session list.
import type { Kysely, Migration } from 'kysely';

export function accountMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0010_session_devices': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('session_devices')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('ip', 'text', (c) => c.notNull())
          .addColumn('user_agent', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('session_devices_by_user').on('session_devices').column('user_id').execute();
      },
      // Every migration from 0007 on can be undone: the upgrade tests rebuild older databases.
      async down(db: Kysely<any>) {
        await db.schema.dropTable('session_devices').execute();
      },
    },
  };
}

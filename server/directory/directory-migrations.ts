// The directory slice's tables (issue 30), in the server's one migration numbering (compose.ts
// assembles every slice's): the configured directories (the bind password sealed, the last sync's
// result, a lease so one instance syncs a directory at a time), the account's directory (an account
// that came from a directory stores no password), and where a membership came from: `granted`
// (an administrator) and `directory_id` (a directory's group mapping) are separate, so a membership
// an administrator granted stays when the directory later drops the same group.
import type { Kysely, Migration } from 'kysely';

export function directoryMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0013_directories': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('directories')
          .addColumn('id', 'text', (c) => c.primaryKey())
          // The order directories were added: a username is looked up in this order.
          .addColumn('position', 'integer', (c) => c.notNull())
          // JSON: everything of ConsoleDirectory but the password and the last sync.
          .addColumn('config', 'text', (c) => c.notNull())
          // SecretBox-sealed (crypto/secret-box.ts): the server binds with it, so it cannot be hashed.
          .addColumn('bind_password', 'text', (c) => c.notNull())
          .addColumn('last_sync', 'text')
          .addColumn('sync_lease_until', time, (c) => c.notNull().defaultTo(0))
          .addColumn('updated_at', time, (c) => c.notNull())
          .execute();
        await db.schema.alterTable('users').addColumn('directory_id', 'text').execute();
        await db.schema.createIndex('users_by_directory').on('users').column('directory_id').execute();
        await db.schema.alterTable('group_members').addColumn('granted', 'integer', (c) => c.notNull().defaultTo(1)).execute();
        await db.schema.alterTable('group_members').addColumn('directory_id', 'text').execute();
      },
      async down(db: Kysely<any>) {
        // Memberships only a directory gave go with it.
        await db.deleteFrom('group_members').where('granted', '=', 0).execute();
        await db.schema.alterTable('group_members').dropColumn('directory_id').execute();
        await db.schema.alterTable('group_members').dropColumn('granted').execute();
        await db.schema.dropIndex('users_by_directory').execute();
        await db.schema.alterTable('users').dropColumn('directory_id').execute();
        await db.schema.dropTable('directories').execute();
      },
    },
  };
}

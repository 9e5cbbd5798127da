// The tables of the operator console (issue 20): its sessions, the first-start setup links and the
// administrator-action audit. 0007 also adds the console's columns to the accounts
// (auth/auth-migrations.ts), the groups (catalog/catalog-migrations.ts) and the clients
// (oidc/oidc-migrations.ts): each slice's part runs in compose.ts's order (storage/migrations.ts joinMigrations).
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../storage/migrations.ts';

export function consoleMigrations(engine: Engine): Record<string, Migration> {
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0007_console': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('console_sessions')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('last_seen_at', time, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('console_sessions_by_user').on('console_sessions').column('user_id').execute();
        await db.schema
          .createTable('setup_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('admin_audit')
          .addColumn('id', serial, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('ip', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('before', 'text')
          .addColumn('after', 'text')
          .execute();
        await db.schema.createIndex('admin_audit_by_at').on('admin_audit').column('at').execute();
      },
      async down(db: Kysely<any>) {
        for (const table of ['console_sessions', 'setup_tokens', 'admin_audit']) await db.schema.dropTable(table).execute();
      },
    },
  };
}

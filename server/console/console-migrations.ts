// The tables and columns of the operator console (issue 20), spread into storage/migrations.ts:
// the administrator and disabled flags on accounts, the first-start setup links, the
// administrator-action audit, the row versions that refuse a save over another administrator's
// change, and a client's disabled flag and the secret kept through a rotation's grace period.
import type { Kysely, Migration } from 'kysely';

export function consoleMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0007_console': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('users').addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('users').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        // 1, not 0: the console's saves name it, and its API reads a 0 as null (contract/endpoints/console.ts).
        await db.schema.alterTable('client_groups').addColumn('updated_at', time, (c) => c.notNull().defaultTo(1)).execute();
        await db.schema.alterTable('oidc_clients').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('oidc_clients').addColumn('previous_secret_hash', 'text').execute();
        await db.schema.alterTable('oidc_clients').addColumn('previous_secret_until', time).execute();
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
        // The console's sign-in queries filter by time and by account.
        await db.schema.createIndex('login_audit_by_at').on('login_audit').column('at').execute();
        await db.schema.createIndex('login_audit_by_username').on('login_audit').columns(['username', 'at']).execute();
      },
      async down(db: Kysely<any>) {
        for (const table of ['console_sessions', 'setup_tokens', 'admin_audit']) await db.schema.dropTable(table).execute();
        await db.schema.dropIndex('login_audit_by_at').execute();
        await db.schema.dropIndex('login_audit_by_username').execute();
        await db.schema.alterTable('users').dropColumn('is_admin').execute();
        await db.schema.alterTable('users').dropColumn('disabled').execute();
        await db.schema.alterTable('client_groups').dropColumn('updated_at').execute();
        for (const column of ['disabled', 'previous_secret_hash', 'previous_secret_until']) {
          await db.schema.alterTable('oidc_clients').dropColumn(column).execute();
        }
      },
    },
  };
}

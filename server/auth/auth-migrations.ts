// The tables of the sign-in slice (accounts, messenger identities, sessions, lockout counters, SMS
// codes and quota, the sign-in audit) and their columns, in the server's one migration numbering.
// A number that several slices share (0001, 0007) runs each slice's part in compose.ts's order
// (storage/migrations.ts joinMigrations).
import type { Kysely, Migration } from 'kysely';
import { serialType, timeType, type Engine } from '../storage/migrations.ts';

export function authMigrations(engine: Engine): Record<string, Migration> {
  const serial = serialType(engine);
  const time = timeType(engine);
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('users')
          .addColumn('id', serial, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('phone', 'text', (c) => c.unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('password_changed_at', time, (c) => c.notNull())
          .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('social_identities')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('external_id', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'external_id'])
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('last_seen_at', time, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sessions_by_user').on('sessions').column('user_id').execute();
        await db.schema
          .createTable('login_failures')
          .addColumn('username', 'text', (c) => c.primaryKey())
          .addColumn('failure_count', 'integer', (c) => c.notNull())
          .addColumn('window_start', time, (c) => c.notNull())
          .addColumn('locked_until', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sms_codes')
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('sms_codes_pk', ['phone', 'purpose'])
          .execute();
        await db.schema
          .createTable('sms_quota')
          .addColumn('phone', 'text', (c) => c.primaryKey())
          .addColumn('last_sent_at', time, (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('day_count', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('login_audit')
          .addColumn('id', serial, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('ip', 'text', (c) => c.notNull())
          .addColumn('method', 'text', (c) => c.notNull())
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('client_id', 'text')
          .execute();
      },
    },
    // Written as null and never read; 0012 drops it again.
    '0002_sms_cooldown_per_purpose': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('sms_quota').addColumn('last_sent_by_purpose', 'text').execute();
      },
    },
    // The operator console's part in the accounts (issue 20): the administrator and disabled flags,
    // and the indexes of its sign-in queries (by time and by account).
    '0007_console': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('users').addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('users').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.createIndex('login_audit_by_at').on('login_audit').column('at').execute();
        await db.schema.createIndex('login_audit_by_username').on('login_audit').columns(['username', 'at']).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('login_audit_by_at').execute();
        await db.schema.dropIndex('login_audit_by_username').execute();
        await db.schema.alterTable('users').dropColumn('is_admin').execute();
        await db.schema.alterTable('users').dropColumn('disabled').execute();
      },
    },
    // The person's name (issue 30): a directory gives it (nameAttribute); the apps get it as `name`.
    '0014_display_name': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('users').dropColumn('display_name').execute();
      },
    },
    '0012_sms_quota_drop_purpose_cooldown': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('sms_quota').dropColumn('last_sent_by_purpose').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('sms_quota').addColumn('last_sent_by_purpose', 'text').execute();
      },
    },
  };
}

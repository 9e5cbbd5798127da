// Schema migrations, run on every start (each runs once, tracked by kysely's migrator). The two
// engines differ only in the auto-increment and 64-bit integer column types.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { oidcMigrations } from '../oidc/oidc-migrations.ts';
import { consoleMigrations } from '../console/console-migrations.ts';
import { mfaMigrations } from '../mfa/mfa-migrations.ts';
import { accountMigrations } from '../account/account-migrations.ts';
import { passkeyMigrations } from '../passkey/passkey-migrations.ts';
import { protocolMigrations } from '../cas/protocol-migrations.ts';

export type Engine = 'sqlite' | 'postgres';

/** Every migration by name (exported for the test that every one from 0007 on can be undone). */
export function migrations(engine: Engine): Record<string, Migration> {
  const serial = engine === 'postgres' ? 'serial' : 'integer';
  const time = engine === 'postgres' ? 'bigint' : 'integer';
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
          .createTable('client_groups')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('aliases', 'text', (c) => c.notNull())
          .addColumn('domains', 'text', (c) => c.notNull())
          .addColumn('domain_url', 'text')
          .addColumn('image_list', 'text', (c) => c.notNull())
          .addColumn('cycle_time', 'integer', (c) => c.notNull())
          .addColumn('wecom_config', 'text')
          .addColumn('feishu_config', 'text')
          .addColumn('callback_origins', 'text', (c) => c.notNull())
          .addColumn('is_default', 'integer', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('apps')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('group_code', 'text', (c) => c.notNull().references('client_groups.code').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('logo', 'text', (c) => c.notNull())
          .addColumn('intro', 'text', (c) => c.notNull())
          .addColumn('auto_login_url', 'text', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull())
          .addColumn('visible', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('apps_by_group').on('apps').columns(['group_code', 'sort_order']).execute();
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
          .createTable('used_nonces')
          .addColumn('nonce', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', time, (c) => c.notNull())
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
        await db.schema
          .createTable('meta')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0002_sms_cooldown_per_purpose': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('sms_quota').addColumn('last_sent_by_purpose', 'text').execute();
      },
    },
    ...oidcMigrations(engine),
    '0004_group_access': {
      async up(db: Kysely<any>) {
        // Existing groups become non-staff groups: an administrator marks the staff ones (import
        // file "staffOnly": true); the demo data marks its own on the next start (seed/import.ts).
        await db.schema.alterTable('client_groups').addColumn('staff_only', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        // "Who is in this group": revoking, and the cascade when a group goes.
        await db.schema.createIndex('group_members_by_group').on('group_members').column('group_code').execute();
      },
    },
    '0006_group_theme': {
      async up(db: Kysely<any>) {
        // Existing groups keep the default look until an import gives them a theme.
        await db.schema.alterTable('client_groups').addColumn('theme', 'text').execute();
      },
    },
    ...consoleMigrations(engine),
    ...protocolMigrations(engine),
    ...mfaMigrations(engine),
    ...accountMigrations(engine),
    ...passkeyMigrations(engine),
  };
}

/**
 * The order migrations run in. Our names start with a four-digit number, so code-point order is
 * the order kysely's default (localeCompare) gives; localeCompare would load ICU's collation data
 * into the process (about 3 MB resident) for this one sort at start.
 */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Runs the `down` of every migration after `target` (newest first). Tests use it to rebuild an
 * older database and check its upgrade; every migration from 0007 on has a `down` for that.
 */
export async function migrateDownTo(db: Kysely<any>, engine: Engine, target: string, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(engine) };
  const migrator = new Migrator({ db, provider, nameComparator: byCodePoint, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migrating down to ${target} failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
}

/**
 * `schema` names the PostgreSQL schema explicitly: kysely's migrator looks for its own tables in
 * every schema it can see, and would otherwise mistake another schema's for this one's.
 */
export async function migrateToLatest(db: Kysely<any>, engine: Engine, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(engine) };
  const migrator = new Migrator({ db, provider, nameComparator: byCodePoint, ...(schema ? { migrationTableSchema: schema } : {}) });
  let { error, results } = await migrator.migrateToLatest();
  // An error without results came from the migrator's own look at the database, before any of our
  // migrations ran: it lists the tables and columns of every schema it can see, and another schema
  // of the same database changing meanwhile (another deployment's, a test's: dropped, or a column
  // dropped) fails that listing with "schema/column … does not exist". Look again, a few times; an
  // error of one of our migrations (it has results) is never retried.
  for (let retry = 0; retry < 3 && error !== undefined && results === undefined; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * (retry + 1)));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

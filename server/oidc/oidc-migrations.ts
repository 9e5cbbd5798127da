// The tables of the OpenID Connect provider: its records (oidc_payloads), the registered clients and
// the stable opaque subject of each account, in the server's one migration numbering. 0003 also
// creates the catalogue's group_members (catalog/catalog-migrations.ts), 0007 is shared with the
// console: each slice's part runs in compose.ts's order (storage/migrations.ts joinMigrations).
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../storage/migrations.ts';

export function oidcMigrations(engine: Engine): Record<string, Migration> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0003_oidc_provider': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('oidc_payloads')
          .addColumn('model', 'text', (c) => c.notNull())
          .addColumn('id', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('grant_id', 'text')
          .addColumn('user_code', 'text')
          .addColumn('uid', 'text')
          .addColumn('expires_at', time)
          .addColumn('consumed_at', time)
          .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
          .execute();
        await db.schema.createIndex('oidc_payloads_by_grant').on('oidc_payloads').column('grant_id').execute();
        await db.schema.createIndex('oidc_payloads_by_uid').on('oidc_payloads').columns(['model', 'uid']).execute();
        await db.schema.createIndex('oidc_payloads_by_expiry').on('oidc_payloads').column('expires_at').execute();
        await db.schema
          .createTable('oidc_clients')
          .addColumn('client_id', 'text', (c) => c.primaryKey())
          .addColumn('secret_hash', 'text')
          .addColumn('metadata', 'text', (c) => c.notNull())
          .addColumn('groups', 'text', (c) => c.notNull())
          .addColumn('consent', 'integer', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('oidc_subjects')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('subject', 'text', (c) => c.notNull().unique())
          .execute();
      },
    },
    // The console's part in the clients (issue 20): a client's disabled flag and the secret kept
    // through a rotation's grace period.
    '0007_console': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('oidc_clients').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('oidc_clients').addColumn('previous_secret_hash', 'text').execute();
        await db.schema.alterTable('oidc_clients').addColumn('previous_secret_until', time).execute();
      },
      async down(db: Kysely<any>) {
        for (const column of ['disabled', 'previous_secret_hash', 'previous_secret_until']) {
          await db.schema.alterTable('oidc_clients').dropColumn(column).execute();
        }
      },
    },
    // Only sessions and interactions have a uid (oidc-adapter.ts): the (model, uid) index written
    // for every code and token too held nothing anyone looks up, and cost each of those writes a
    // page of its own (docs/performance.md, issue 33). findByUid (`uid = ?`) still uses it.
    '0015_oidc_uid_index_partial': {
      async up(db: Kysely<any>) {
        await db.schema.dropIndex('oidc_payloads_by_uid').execute();
        await db.schema.createIndex('oidc_payloads_by_uid').on('oidc_payloads').columns(['model', 'uid']).where(sql.ref('uid'), 'is not', null).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('oidc_payloads_by_uid').execute();
        await db.schema.createIndex('oidc_payloads_by_uid').on('oidc_payloads').columns(['model', 'uid']).execute();
      },
    },
  };
}

// The tables of the OpenID Connect provider: its records (oidc_payloads), the registered clients,
// the stable opaque subject of each account, group memberships, and the client an app card opens.
// Spread into storage/migrations.ts.
import type { Kysely, Migration } from 'kysely';

export function oidcMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
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
        await db.schema
          .createTable('group_members')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('group_code', 'text', (c) => c.notNull().references('client_groups.code').onDelete('cascade'))
          .addPrimaryKeyConstraint('group_members_pk', ['user_id', 'group_code'])
          .execute();
      },
    },
    // 0005, not 0004: the group-access work takes 0004 (kysely runs migrations in name order and
    // refuses one that sorts before those a database already ran).
    // An app card tied to a client opens through its initiate_login_uri (app-launch.ts). No
    // foreign key: a card may name a client registered later, and removing a client must not
    // touch the catalog (the card then falls back to its plain link).
    '0005_app_oidc_client': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('apps').addColumn('oidc_client_id', 'text').execute();
      },
    },
  };
}

// The tables of the catalogue (client groups, their apps, who belongs to which group) and their
// columns, in the server's one migration numbering. A number that several slices share (0001,
// 0003, 0007, 0009) runs each slice's part in compose.ts's order (storage/migrations.ts joinMigrations).
import type { Kysely, Migration } from 'kysely';
import { timeType, type Engine } from '../storage/migrations.ts';

export function catalogMigrations(engine: Engine): Record<string, Migration> {
  const time = timeType(engine);
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
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
      },
    },
    // Memberships came with the OpenID Connect provider (its clients were the first per-group rule).
    '0003_oidc_provider': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('group_members')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('group_code', 'text', (c) => c.notNull().references('client_groups.code').onDelete('cascade'))
          .addPrimaryKeyConstraint('group_members_pk', ['user_id', 'group_code'])
          .execute();
      },
    },
    '0004_group_access': {
      async up(db: Kysely<any>) {
        // Existing groups become non-staff groups: an administrator marks the staff ones (import
        // file "staffOnly": true); the demo data marks its own on the next start (seed/import.ts).
        await db.schema.alterTable('client_groups').addColumn('staff_only', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        // "Who is in this group": revoking, and the cascade when a group goes.
        await db.schema.createIndex('group_members_by_group').on('group_members').column('group_code').execute();
      },
    },
    // 0005, not 0004: the group-access work took 0004 (kysely runs migrations in name order and
    // refuses one that sorts before those a database already ran).
    // An app card tied to a client opens through its initiate_login_uri (oidc/app-launch.ts). No
    // foreign key: a card may name a client registered later, and removing a client must not
    // touch the catalog (the card then falls back to its plain link).
    '0005_app_oidc_client': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('apps').addColumn('oidc_client_id', 'text').execute();
      },
    },
    '0006_group_theme': {
      async up(db: Kysely<any>) {
        // Existing groups keep the default look until an import gives them a theme.
        await db.schema.alterTable('client_groups').addColumn('theme', 'text').execute();
      },
    },
    // The console's row version: a save over another administrator's change is refused.
    '0007_console': {
      async up(db: Kysely<any>) {
        // 1, not 0: the console's saves name it, and its API reads a 0 as null (contract/endpoints/console.ts).
        await db.schema.alterTable('client_groups').addColumn('updated_at', time, (c) => c.notNull().defaultTo(1)).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('client_groups').dropColumn('updated_at').execute();
      },
    },
    // A group's switch that requires a second factor of its members (server/mfa reads it).
    '0009_second_factor': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('client_groups').addColumn('require_mfa', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.alterTable('client_groups').dropColumn('require_mfa').execute();
      },
    },
  };
}

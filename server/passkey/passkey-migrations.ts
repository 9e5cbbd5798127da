// The passkeys' tables (issue 21), in the server's one migration numbering (compose.ts assembles every slice's): each account's WebAuthn
// credentials (public key, signature counter, its name) and the challenges waiting for an answer.
import type { Kysely, Migration } from 'kysely';

export function passkeyMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0011_passkeys': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('passkeys')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('public_key', 'text', (c) => c.notNull())
          .addColumn('counter', time, (c) => c.notNull())
          .addColumn('transports', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('last_used_at', time)
          .execute();
        await db.schema.createIndex('passkeys_by_user').on('passkeys').column('user_id').execute();
        await db.schema
          .createTable('webauthn_challenges')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('challenge', 'text', (c) => c.notNull())
          // The account enrolling a passkey; null for a sign-in (the passkey names its account).
          .addColumn('user_id', 'integer')
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
      },
      // Every migration from 0007 on can be undone: the upgrade tests rebuild older databases.
      async down(db: Kysely<any>) {
        await db.schema.dropTable('webauthn_challenges').execute();
        await db.schema.dropTable('passkeys').execute();
      },
    },
  };
}

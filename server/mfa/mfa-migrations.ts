// The tables of the second factor (issue 21), in the server's one migration numbering (compose.ts assembles every slice's): each account's
// TOTP secret (pending until one code confirms it) with the last time step it accepted (replay),
// its single-use recovery codes (hashed) and the sign-ins that wait for their second step. The
// group switch that requires a second factor of the group's members is the catalogue's part of 0009
// (catalog/catalog-migrations.ts).
import type { Kysely, Migration } from 'kysely';

export function mfaMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0009_second_factor': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('totp_factors')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          // null: enrolment started, no code confirmed it yet (such a row never counts as a factor).
          .addColumn('confirmed_at', time)
          .addColumn('last_step', time, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('recovery_codes')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('used_at', time)
          .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
          .execute();
        await db.schema
          .createTable('mfa_challenges')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('method', 'text', (c) => c.notNull())
          .addColumn('redirect', 'text', (c) => c.notNull())
          .addColumn('client_id', 'text')
          // 'verify': the account has a factor; 'enrol': its group requires one it does not have yet.
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        for (const table of ['totp_factors', 'recovery_codes', 'mfa_challenges']) await db.schema.dropTable(table).execute();
      },
    },
  };
}

// Takes a database back to before migration 0007 (the operator console), for the tests that
// rebuild an older database to check its upgrade: kysely runs migrations in name order only, so
// such a test must undo every later migration before it undoes its own.
import { sql, type Kysely } from 'kysely';

export async function undoConsoleMigration(db: Kysely<any>): Promise<void> {
  for (const table of ['console_sessions', 'setup_tokens', 'admin_audit']) await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop index login_audit_by_at`.execute(db);
  await sql`drop index login_audit_by_username`.execute(db);
  for (const column of ['is_admin', 'disabled']) await sql`alter table users drop column ${sql.ref(column)}`.execute(db);
  await sql`alter table client_groups drop column updated_at`.execute(db);
  for (const column of ['disabled', 'previous_secret_hash', 'previous_secret_until']) {
    await sql`alter table oidc_clients drop column ${sql.ref(column)}`.execute(db);
  }
  await sql`delete from kysely_migration where name = '0007_console'`.execute(db);
}

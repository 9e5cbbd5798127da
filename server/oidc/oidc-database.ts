// A connection of the OpenID Connect slice to the configured database (the migrations have run
// when the repository opened). Its own connection keeps the provider's storage apart from the
// Repository interface, which the rest of the server shares.
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Generated } from 'kysely';
import type { ServerConfig } from '../config.ts';
import { withStatementCache } from '../storage/statement-cache.ts';

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface OidcClientsTable {
  client_id: string;
  secret_hash: string | null;
  metadata: string;
  groups: string;
  consent: number;
  created_at: number;
  updated_at: number;
}

export interface OidcSubjectsTable {
  user_id: number;
  subject: string;
}

export interface OidcDatabase {
  oidc_payloads: OidcPayloadsTable;
  oidc_clients: OidcClientsTable;
  oidc_subjects: OidcSubjectsTable;
  users: { id: Generated<number>; username: string; phone: string | null; kind: string };
  meta: { key: string; value: string };
}

export type OidcDb = Kysely<OidcDatabase>;

/** The SQLite file behind an OidcDb opened on the embedded database (for prepared statements). */
const sqliteFiles = new WeakMap<OidcDb, import('better-sqlite3').Database>();

export function sqliteFileOf(db: OidcDb): import('better-sqlite3').Database | undefined {
  return sqliteFiles.get(db);
}

export async function openOidcDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<OidcDb> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 5,
      connectionTimeoutMillis: 3000,
      ...(config.databaseSchema ? { options: `-c search_path="${config.databaseSchema}"` } : {}),
    });
    pool.on('error', () => {});
    return new Kysely<OidcDatabase>({ dialect: new PostgresDialect({ pool }) });
  }
  const { default: SqliteDatabase } = await import('better-sqlite3');
  const file = new SqliteDatabase(path.join(config.dataDir, 'sso.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<OidcDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  sqliteFiles.set(db, file);
  return db;
}

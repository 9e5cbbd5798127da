// What the storage layer hands out: the database (SQLite by default, PostgreSQL when configured),
// migrated with the migrations it is given, the shared-state Redis when SSO_REDIS_URL is set, and
// transactions over them. It builds no slice's stores: each slice builds its own from these
// handles (<slice>/<slice>-stores.ts), and compose.ts assembles them into the server's `Stores`.
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type OpenDatabase } from './database.ts';
import type { Migrations } from './migrations.ts';
import { openRedis, type RedisClient } from './redis-client.ts';
import type { Database } from './schema.ts';
import { databaseScope, type SqlScope } from './sql-scope.ts';
import { sqlStatements, type SqlStatements } from './sql-statements.ts';

/** The open database and Redis, for the slices to build their stores on. */
export interface StorageHandles {
  readonly db: Kysely<Database>;
  readonly engine: OpenDatabase['engine'];
  /** The embedded database's file behind `db` (null on PostgreSQL). */
  readonly sqliteFile: OpenDatabase['sqliteFile'];
  /**
   * Plain statements on `db` (sql-statements.ts), one set for the process: the stores whose queries
   * run on every protocol request (OpenID Connect records, subjects, memberships) share it.
   */
  readonly statements: SqlStatements;
  /** The shared-state Redis, or null on the embedded default. */
  readonly redis: RedisClient | null;
  /** The prefix of every Redis key of this deployment. */
  readonly redisKeyPrefix: string;
}

export type StorageConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'redisUrl' | 'redisKeyPrefix'>;

/** Opens the database (running `migrations`) and Redis when configured. */
export async function openStorageHandles(config: StorageConfig, migrations: Migrations): Promise<StorageHandles> {
  const { db, engine, sqliteFile } = await openDatabase(config, migrations);
  let redis: RedisClient | null = null;
  try {
    if (config.redisUrl) redis = await openRedis(config.redisUrl);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine, sqliteFile, statements: sqlStatements(db, sqliteFile), redis, redisKeyPrefix: config.redisKeyPrefix };
}

export async function closeStorageHandles(handles: StorageHandles): Promise<void> {
  handles.redis?.disconnect();
  await handles.db.destroy();
}

/** The stores of every slice over one scope (the database, or one transaction of it). */
export type StoresIn<S> = (scope: SqlScope) => S;

/** The stores outside any transaction. */
export function storesOnDatabase<S>(handles: StorageHandles, storesIn: StoresIn<S>): S {
  return storesIn(databaseScope(handles.db));
}

/**
 * Runs `work` in one database transaction, with the stores `storesIn` builds inside it: their
 * database writes commit together or not at all. Writes to state held in Redis happen at once.
 */
export async function inTransaction<S, T>(handles: StorageHandles, storesIn: StoresIn<S>, work: (tx: S) => Promise<T>): Promise<T> {
  const afterCommit: (() => void)[] = [];
  try {
    return await handles.db.transaction().execute((trx) => work(storesIn({ db: trx, afterCommit: (done) => afterCommit.push(done) })));
  } finally {
    // Also after a rollback: the cache work only ever drops copies.
    for (const done of afterCommit) done();
  }
}

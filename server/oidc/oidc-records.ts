// Where the provider's records (oidc-storage.ts) live for each storage mode, on the storage layer's
// own database handle (storage/storage.ts builds this once per process): prepared statements on
// the embedded SQLite file; the query builder on PostgreSQL; and, scaled out, the short-lived
// records in Redis with the durable ones in PostgreSQL (split-oidc-storage.ts).
import type { OpenDatabase } from '../storage/database.ts';
import type { RedisClient } from '../storage/redis-client.ts';
import type { OidcStorage } from './oidc-storage.ts';
import { RedisOidcStorage } from './redis-oidc-storage.ts';
import { SplitOidcStorage } from './split-oidc-storage.ts';
import { SqlOidcStorage } from './sql-oidc-storage.ts';
import { SqliteOidcStorage } from './sqlite-oidc-storage.ts';

export function oidcRecordsOn(database: OpenDatabase, redis: RedisClient | null, redisKeyPrefix: string): OidcStorage {
  const sql: OidcStorage = database.sqliteFile ? new SqliteOidcStorage(database.sqliteFile) : new SqlOidcStorage(database.db);
  return redis ? new SplitOidcStorage(sql, new RedisOidcStorage(redis, redisKeyPrefix)) : sql;
}

// The sign-in slice's stores, built from the storage handles (compose.ts assembles every slice's):
// accounts and the sign-in audit in the database; sessions, lockout counters and SMS codes in
// Redis when it is configured, else in the database (with session copies in memory when one
// process owns the embedded database).
import type { ServerConfig } from '../config.ts';
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import type { SqlScope } from '../storage/sql-scope.ts';
import { SessionCache } from './session-cache.ts';
import { SqlLoginAuditStore, type LoginAuditStore } from './storage/login-audit-store.ts';
import type { LockoutStore } from './storage/lockout-store.ts';
import { RedisLockoutStore } from './storage/lockout-store.redis.ts';
import { SqlLockoutStore } from './storage/lockout-store.sql.ts';
import type { SessionStore } from '../records/session.ts';
import { RedisSessionStore } from './storage/session-store.redis.ts';
import { SqlSessionStore } from './storage/session-store.sql.ts';
import type { SmsStore } from './storage/sms-store.ts';
import { RedisSmsStore } from './storage/sms-store.redis.ts';
import { SqlSmsStore } from './storage/sms-store.sql.ts';
import type { UserStore } from '../records/user.ts';
import { SqlUserStore } from './storage/user-store.sql.ts';

export interface AuthStores {
  users: UserStore;
  sessions: SessionStore;
  lockout: LockoutStore;
  sms: SmsStore;
  audit: LoginAuditStore;
}

/**
 * The operator console's sessions: the same session store on their own table (console_sessions)
 * and Redis keys, kept an hour past `absoluteMs` (the console's lifetime, console/console-timeouts.ts).
 */
export function consoleSessionStores(handles: StorageHandles, absoluteMs: number): (scope: SqlScope) => SessionStore {
  const { redis, redisKeyPrefix } = handles;
  const inRedis = redis && new RedisSessionStore(redis, redisKeyPrefix, absoluteMs + 3600_000, 'console-session');
  return (scope) => inRedis ?? new SqlSessionStore(scope, null, 'console_sessions');
}

export function authStores(
  handles: StorageHandles, config: Pick<ServerConfig, 'sessionAbsoluteMs'>, sessionCacheClock?: () => number,
): StoresIn<AuthStores> {
  const { redis, redisKeyPrefix } = handles;
  const shortLived = redis && {
    sessions: new RedisSessionStore(redis, redisKeyPrefix, config.sessionAbsoluteMs + 24 * 3600_000),
    lockout: new RedisLockoutStore(redis, redisKeyPrefix),
    sms: new RedisSmsStore(redis, redisKeyPrefix),
  };
  // One process owns the embedded database's sessions: only there may it keep copies of them.
  const sessionCache = handles.engine === 'sqlite' && !redis ? new SessionCache(sessionCacheClock) : null;
  return (scope) => ({
    users: new SqlUserStore(scope),
    audit: new SqlLoginAuditStore(scope),
    ...(shortLived ?? { sessions: new SqlSessionStore(scope, sessionCache), lockout: new SqlLockoutStore(scope), sms: new SqlSmsStore(scope) }),
  });
}

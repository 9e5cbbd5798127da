// The operator console's stores, built from the storage handles (compose.ts assembles every
// slice's): its sessions (in Redis when it is configured), the setup links, the administrator-action audit.
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import type { SessionStore } from '../auth/storage/session-store.ts';
import { RedisSessionStore } from '../auth/storage/session-store.redis.ts';
import { SqlSessionStore } from '../auth/storage/session-store.sql.ts';
import { SqlAdminAuditStore, type AdminAuditStore } from './admin-audit-store.ts';
import { CONSOLE_SESSION_ABSOLUTE_MS } from './console-timeouts.ts';
import { SqlSetupTokenStore, type SetupTokenStore } from './setup-token-store.ts';

export interface ConsoleStores {
  consoleSessions: SessionStore;
  setupTokens: SetupTokenStore;
  adminAudit: AdminAuditStore;
}

export function consoleStores(handles: StorageHandles): StoresIn<ConsoleStores> {
  const { redis, redisKeyPrefix, engine } = handles;
  const sessionsInRedis = redis && new RedisSessionStore(redis, redisKeyPrefix, CONSOLE_SESSION_ABSOLUTE_MS + 3600_000, 'console-session');
  return (scope) => ({
    consoleSessions: sessionsInRedis ?? new SqlSessionStore(scope, null, 'console_sessions'),
    setupTokens: new SqlSetupTokenStore(scope, engine),
    adminAudit: new SqlAdminAuditStore(scope),
  });
}

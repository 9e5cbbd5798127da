// The operator console's stores, built from the storage handles (compose.ts assembles every
// slice's): its sessions (in Redis when it is configured), the setup links, the administrator-action audit.
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import type { SqlScope } from '../storage/sql-scope.ts';
import type { SessionStore } from '../records/session.ts';
import { SqlAdminAuditStore, type AdminAuditStore } from './admin-audit-store.ts';
import { SqlSetupTokenStore, type SetupTokenStore } from './setup-token-store.ts';

export interface ConsoleStores {
  consoleSessions: SessionStore;
  setupTokens: SetupTokenStore;
  adminAudit: AdminAuditStore;
}

/**
 * `consoleSessionsIn`: the console's sessions in a scope, the sign-in slice's session store on the
 * console's own table and Redis keys (auth/auth-stores.ts consoleSessionStores, wired by compose.ts).
 */
export function consoleStores(handles: StorageHandles, consoleSessionsIn: (scope: SqlScope) => SessionStore): StoresIn<ConsoleStores> {
  const { engine } = handles;
  return (scope) => ({
    consoleSessions: consoleSessionsIn(scope),
    setupTokens: new SqlSetupTokenStore(scope, engine),
    adminAudit: new SqlAdminAuditStore(scope),
  });
}

// The catalogue's stores, built from the storage handles (compose.ts assembles every slice's): client
// groups and apps (with one cache per process), and the group memberships.
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import { CatalogCache } from './catalog-cache.ts';
import type { CatalogStore } from './catalog-store.ts';
import { SqlCatalogStore } from './catalog-store.sql.ts';
import type { MembershipStore } from './membership-store.ts';
import { SqlMembershipStore } from './membership-store.sql.ts';
import { databaseScope } from '../storage/sql-scope.ts';

export interface CatalogStores {
  catalog: CatalogStore;
  memberships: MembershipStore;
}

export function catalogStores(handles: StorageHandles): StoresIn<CatalogStores> {
  const catalogCache = new CatalogCache();
  // On the database itself (not in a transaction) the per-request membership read runs as a plain
  // statement (membership-store.sql.ts).
  const membershipsOnDatabase = new SqlMembershipStore(databaseScope(handles.db), handles.statements);
  return (scope) => ({
    catalog: new SqlCatalogStore(scope, catalogCache),
    memberships: scope.db === handles.db ? membershipsOnDatabase : new SqlMembershipStore(scope),
  });
}

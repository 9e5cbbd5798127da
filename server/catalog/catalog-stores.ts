// The catalogue's stores, built from the storage handles (compose.ts assembles every slice's): client
// groups and apps (with one cache per process), and the group memberships.
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import { CatalogCache } from './catalog-cache.ts';
import type { CatalogStore } from '../records/catalog.ts';
import { SqlCatalogStore } from './catalog-store.sql.ts';
import type { MembershipStore } from '../records/membership.ts';
import { SqlMembershipStore } from './membership-store.sql.ts';
import { databaseScope, type SqlScope } from '../storage/sql-scope.ts';
import type { MetaStore } from '../storage/meta-store.ts';

export interface CatalogStores {
  catalog: CatalogStore;
  memberships: MembershipStore;
}

/** `metaIn`: the meta store of a scope (the catalog version row lives there), built by compose.ts. */
export function catalogStores(handles: StorageHandles, metaIn: (scope: SqlScope) => MetaStore): StoresIn<CatalogStores> {
  const catalogCache = new CatalogCache();
  // On the database itself (not in a transaction) the per-request membership read runs as a plain
  // statement (membership-store.sql.ts).
  const membershipsOnDatabase = new SqlMembershipStore(databaseScope(handles.db), handles.statements);
  return (scope) => ({
    catalog: new SqlCatalogStore(scope, catalogCache, metaIn(scope)),
    memberships: scope.db === handles.db ? membershipsOnDatabase : new SqlMembershipStore(scope),
  });
}

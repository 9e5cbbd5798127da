// The catalogue's stores, built from the storage handles (compose.ts assembles every slice's): client
// groups and apps (with one cache per process), and the group memberships.
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import { CatalogCache } from './catalog-cache.ts';
import type { CatalogStore } from './catalog-store.ts';
import { SqlCatalogStore } from './catalog-store.sql.ts';
import type { MembershipStore } from './membership-store.ts';
import { SqlMembershipStore } from './membership-store.sql.ts';

export interface CatalogStores {
  catalog: CatalogStore;
  memberships: MembershipStore;
}

export function catalogStores(_handles: StorageHandles): StoresIn<CatalogStores> {
  const catalogCache = new CatalogCache();
  return (scope) => ({ catalog: new SqlCatalogStore(scope, catalogCache), memberships: new SqlMembershipStore(scope) });
}

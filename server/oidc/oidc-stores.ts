// The OpenID Connect slice's stores, built from the storage handles (compose.ts assembles every
// slice's): the registered clients and the accounts' stable subjects. Its records (codes, tokens,
// sessions) are one OidcStorage per process, also chosen in compose.ts.
import type { StoresIn, StorageHandles } from '../storage/storage.ts';
import type { ClientStore } from './client-store.ts';
import { SqlClientStore } from './client-store.sql.ts';
import { SqlSubjectStore, type SubjectStore } from './subject-store.ts';

export interface OidcStores {
  /** OpenID Connect clients (apps) and the accounts' stable subjects. */
  oidcClients: ClientStore;
  oidcSubjects: SubjectStore;
}

export function oidcStores(_handles: StorageHandles): StoresIn<OidcStores> {
  return (scope) => ({ oidcClients: new SqlClientStore(scope), oidcSubjects: new SqlSubjectStore(scope) });
}

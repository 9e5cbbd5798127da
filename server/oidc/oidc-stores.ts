// The OpenID Connect slice's stores, built from the storage handles (compose.ts assembles every
// slice's): the registered clients and the accounts' stable subjects. Its records (codes, tokens,
// sessions) are one OidcStorage per process, also chosen in compose.ts.
import type { StoresIn, StorageHandles } from '../storage/storage.ts';
import type { ClientStore } from './client-store.ts';
import { SqlClientStore } from './client-store.sql.ts';
import { SqlSubjectStore, type SubjectStore } from './subject-store.ts';
import { databaseScope } from '../storage/sql-scope.ts';

export interface OidcStores {
  /** OpenID Connect clients (apps) and the accounts' stable subjects. */
  oidcClients: ClientStore;
  oidcSubjects: SubjectStore;
}

export function oidcStores(handles: StorageHandles): StoresIn<OidcStores> {
  // On the database itself (not in a transaction) the subject store's per-request account read runs
  // as a plain statement (subject-store.ts).
  const onDatabase = new SqlSubjectStore(databaseScope(handles.db), handles.statements);
  return (scope) => ({
    oidcClients: new SqlClientStore(scope),
    oidcSubjects: scope.db === handles.db ? onDatabase : new SqlSubjectStore(scope),
  });
}

// What the slices' stores are, together: the Stores every route and service gets (one set on the
// database, the same inside a transaction) and the Storage that holds them. compose.ts builds them;
// the parts that only use them (context.ts, seed/, oidc/import-clients.ts) import this file, not
// compose.ts, so that no import goes round in a circle.
import type { StorageHandles } from './storage/storage.ts';
import type { MetaStore } from './storage/meta-store.ts';
import type { AuthStores } from './auth/auth-stores.ts';
import type { CatalogStores } from './catalog/catalog-stores.ts';
import type { EmbeddingStores } from './embedding/embedding-stores.ts';
import type { OidcStores } from './oidc/oidc-stores.ts';
import type { OidcStorage } from './oidc/oidc-record-store.ts';
import type { ConsoleStores } from './console/console-stores.ts';
import type { ProtocolClientStore } from './cas/protocol-client-store.ts';
import type { MfaStore } from './mfa/mfa-store.ts';
import type { AccountStore } from './account/account-store.ts';
import type { DirectoryStore } from './directory/directory-store.ts';
import type { PasskeyStore } from './passkey/passkey-store.ts';

/** Every slice's stores, as routes and services get them (the same set inside a transaction). */
export interface Stores extends AuthStores, CatalogStores, EmbeddingStores, OidcStores, ConsoleStores {
  meta: MetaStore;
  /** The apps that sign in by CAS or SAML 2.0 (cas/protocol-client-store.ts). */
  protocolClients: ProtocolClientStore;
  /** The second factor: TOTP secrets, recovery codes, sign-ins waiting for their second step (server/mfa). */
  mfa: MfaStore;
  /** The account page's own records: each session's device, a person's phone change (server/account). */
  account: AccountStore;
  /** Passkeys and WebAuthn challenges (server/passkey). */
  passkeys: PasskeyStore;
  /** The company directories, their accounts and mapped memberships (server/directory). */
  directories: DirectoryStore;
}

export interface Storage {
  readonly stores: Stores;
  readonly engine: StorageHandles['engine'];
  /** The shared-state Redis, or null on the embedded default. */
  readonly redis: StorageHandles['redis'];
  /**
   * The OpenID Connect provider's records (codes, tokens, grants, sessions, signing keys when
   * scaled out): on this database, their short-lived part in Redis when it is configured.
   */
  readonly oidcRecords: OidcStorage;
  /**
   * Runs `work` in one database transaction: its database writes commit together or not at all.
   * Writes to state held in Redis (using up an SMS code, ending a user's sessions) happen at once;
   * they only ever take something away, so a rollback can cost a user a new code but never leaves
   * a half-written account.
   */
  transaction<T>(work: (tx: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

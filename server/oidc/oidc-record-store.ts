// What the OpenID Connect provider keeps (codes, tokens, grants, sessions, interactions) behind one
// small interface, so the same adapter (oidc-adapter.ts) runs on SQLite, PostgreSQL and Redis.
// Every record belongs to a model (oidc-provider's names: "AuthorizationCode", "Session" ...).

export interface StoredPayload {
  [key: string]: unknown;
  /** Epoch seconds when the record was used up (codes, rotated refresh tokens). */
  consumed?: number;
}

export interface UpsertIndexes {
  grantId?: string;
  userCode?: string;
  uid?: string;
}

export interface OidcStorage {
  /** expiresAt: epoch ms, or null for records that never expire by themselves. */
  upsert(model: string, id: string, payload: StoredPayload, expiresAt: number | null, indexes: UpsertIndexes): Promise<void>;
  find(model: string, id: string): Promise<StoredPayload | null>;
  findByUid(model: string, uid: string): Promise<StoredPayload | null>;
  findByUserCode(model: string, userCode: string): Promise<StoredPayload | null>;
  /** Marks the record consumed; true only for the one caller that consumed it first. */
  consume(model: string, id: string, at: number): Promise<boolean>;
  destroy(model: string, id: string): Promise<void>;
  /** Removes every record issued under the grant (codes, tokens, the grant itself). */
  revokeByGrantId(grantId: string): Promise<void>;
  /** Writes the record only when none exists; answers the one that is stored afterwards. */
  insertIfAbsent(model: string, id: string, payload: StoredPayload): Promise<StoredPayload>;
  /** Every live record of a model (small models only: session links). */
  list(model: string): Promise<{ id: string; payload: StoredPayload }[]>;
  close(): Promise<void>;
}

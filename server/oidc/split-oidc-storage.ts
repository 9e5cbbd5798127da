// Scaled out: short-lived records (sessions, interactions, codes, access tokens) in Redis, the
// long-lived ones (grants, refresh tokens, signing keys) in PostgreSQL, so a refresh token outlives
// a Redis restart just as an account does.
import type { OidcStorage, StoredPayload, UpsertIndexes } from './oidc-storage.ts';

const DURABLE_MODELS = new Set(['Grant', 'RefreshToken', 'SigningKeys', 'ClientCredentials']);

export class SplitOidcStorage implements OidcStorage {
  constructor(private readonly durable: OidcStorage, private readonly shortLived: OidcStorage) {}

  private pick(model: string): OidcStorage {
    return DURABLE_MODELS.has(model) ? this.durable : this.shortLived;
  }

  upsert(model: string, id: string, payload: StoredPayload, expiresAt: number | null, indexes: UpsertIndexes): Promise<void> {
    return this.pick(model).upsert(model, id, payload, expiresAt, indexes);
  }
  find(model: string, id: string) { return this.pick(model).find(model, id); }
  findByUid(model: string, uid: string) { return this.pick(model).findByUid(model, uid); }
  findByUserCode(model: string, userCode: string) { return this.pick(model).findByUserCode(model, userCode); }
  consume(model: string, id: string, at: number) { return this.pick(model).consume(model, id, at); }
  destroy(model: string, id: string) { return this.pick(model).destroy(model, id); }
  insertIfAbsent(model: string, id: string, payload: StoredPayload) { return this.pick(model).insertIfAbsent(model, id, payload); }
  list(model: string) { return this.pick(model).list(model); }

  async revokeByGrantId(grantId: string): Promise<void> {
    await Promise.all([this.durable.revokeByGrantId(grantId), this.shortLived.revokeByGrantId(grantId)]);
  }

  async close(): Promise<void> {
    await Promise.all([this.durable.close(), this.shortLived.close()]);
  }
}

// Scaled out: short-lived records (interactions, codes, access tokens, how a session signed in) in
// Redis, the long-lived ones in PostgreSQL, so a refresh token outlives a Redis restart just as an
// account does. Whatever revocation needs is durable too (review finding 2): the provider sessions
// (which app each signed into, with its grant), the links from portal sessions to them, the cookie
// keys and the back-channel deliveries still to retry. After a Redis flush or eviction, a sign-out
// (or the sweep, which finds the portal sessions gone) still revokes every grant and sends single
// logout, and an instance started afterwards signs cookies with the same keys.
import type { OidcStorage, StoredPayload, UpsertIndexes } from './oidc-record-store.ts';

export const DURABLE_MODELS: ReadonlySet<string> = new Set([
  'Grant', 'RefreshToken', 'SigningKeys', 'ClientCredentials',
  'Session', 'PortalLink', 'CookieKeys', 'CookieKeysRotation', 'BackchannelRetry',
  // Which CAS services and SAML SPs a portal session signed into: what their single logout needs,
  // so a Redis flush must not lose it either (server/cas/cas-tickets.ts, server/saml/saml-sign-ins.ts).
  'CasSignIns', 'SamlSignIns',
]);

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

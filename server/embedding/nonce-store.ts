// Used one-time values (login tickets): a value is accepted once until it expires. In the database
// by default (nonce-store.sql.ts), in Redis when SSO_REDIS_URL is set (nonce-store.redis.ts), so
// single use holds across instances.

export interface NonceStore {
  /** True when the nonce is new (and now remembered until expiresAt), false when seen before. */
  rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean>;
}

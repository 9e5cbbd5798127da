// Used one-time values (login tickets): a value is accepted once until it expires. In the database
// by default, in Redis when SSO_REDIS_URL is set, so single use holds across instances.
import type { RedisClient } from '../storage/redis-client.ts';
import type { SqlScope } from '../storage/sql-scope.ts';

export interface NonceStore {
  /** True when the nonce is new (and now remembered until expiresAt), false when seen before. */
  rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean>;
}

export class SqlNonceStore implements NonceStore {
  constructor(private readonly scope: SqlScope) {}

  async rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    await this.scope.db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
    const inserted = await this.scope.db.insertInto('used_nonces').values({ nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.column('nonce').doNothing()).returning('nonce').executeTakeFirst();
    return inserted !== undefined;
  }
}

export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  async rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    const stored = await this.redis.set(`${this.prefix}nonce:${nonce}`, '1', 'PX', Math.max(1, expiresAt - now), 'NX');
    return stored === 'OK';
  }
}

// Used one-time values in Redis (nonce-store.ts): SET NX with the value's lifetime.
import type { RedisClient } from '../storage/redis-client.ts';
import type { NonceStore } from './nonce-store.ts';

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

// The embedding slice's store, built from the storage handles (compose.ts assembles every slice's):
// the used nonces of signed calls, in Redis when it is configured.
import type { StorageHandles, StoresIn } from '../storage/storage.ts';
import type { NonceStore } from './nonce-store.ts';
import { RedisNonceStore } from './nonce-store.redis.ts';
import { SqlNonceStore } from './nonce-store.sql.ts';

export interface EmbeddingStores {
  nonces: NonceStore;
}

export function embeddingStores(handles: StorageHandles): StoresIn<EmbeddingStores> {
  const inRedis = handles.redis && new RedisNonceStore(handles.redis, handles.redisKeyPrefix);
  return (scope) => ({ nonces: inRedis ?? new SqlNonceStore(scope) });
}

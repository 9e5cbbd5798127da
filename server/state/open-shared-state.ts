// Puts the short-lived state in Redis when SSO_REDIS_URL is set; without it the database keeps
// everything (the embedded default). The returned repository closes both on close().
import type { ServerConfig } from '../config.ts';
import type { Repository } from '../db/repository.ts';
import { openRedis, type RedisClient } from './redis-client.ts';
import { RedisStateStore } from './redis-state.ts';
import { SharedStateRepository } from './shared-state-repository.ts';

export interface SharedState {
  repo: Repository;
  redis: RedisClient | null;
}

type StateConfig = Pick<ServerConfig, 'redisUrl' | 'redisKeyPrefix' | 'sessionAbsoluteMs'>;

export async function openSharedState(config: StateConfig, db: Repository): Promise<SharedState> {
  if (!config.redisUrl) return { repo: db, redis: null };
  const redis = await openRedis(config.redisUrl);
  const state = new RedisStateStore(redis, config.redisKeyPrefix, config.sessionAbsoluteMs + 24 * 3600_000);
  const repo = new SharedStateRepository(db, state, async () => {
    redis.disconnect();
    await db.close();
  });
  return { repo, redis };
}

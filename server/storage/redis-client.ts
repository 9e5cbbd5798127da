// The Redis connection for the shared state. Commands fail at once while Redis is unreachable
// (no offline queue, one retry), so a request answers 503 quickly instead of hanging; the client
// keeps reconnecting in the background and the service resumes by itself when Redis is back.
// ioredis is loaded only when Redis is configured: the embedded default never pays for its
// module (about 7 MB resident and 90 ms at start, docs/performance.md).
import type { Redis } from 'ioredis';

export type RedisClient = Redis;

async function loadRedis(): Promise<typeof Redis> {
  return (await import('ioredis')).Redis;
}

/** The code of the error openRedis throws when Redis does not answer at start. */
export const REDIS_UNAVAILABLE = 'REDIS_UNAVAILABLE';

export interface RedisLog {
  warn(object: object, message: string): void;
}

export async function openRedis(url: string): Promise<RedisClient> {
  const Redis = await loadRedis();
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  // An 'error' event without a listener is printed by ioredis on every reconnect attempt; the
  // server reports outages through reportRedisErrors instead.
  let cause = '';
  const noteCause = (error: Error & { code?: string }) => (cause ||= error.code ?? error.message);
  client.on('error', noteCause);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw Object.assign(new Error(cause || (error as Error).message), { code: REDIS_UNAVAILABLE, cause: error });
  } finally {
    client.off('error', noteCause);
  }
  return client;
}

/** Logs connection trouble once per outage (not once per reconnect attempt) and the recovery. */
export function reportRedisErrors(client: RedisClient, log: RedisLog): void {
  let down = false;
  client.on('error', (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    log.warn({ dependency: 'redis', reason: error.code ?? error.message }, 'Redis unavailable');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn({ dependency: 'redis' }, 'Redis available again');
  });
}

/** Deletes every key under `prefix` (tests and the admin clean up a run or a deployment with it). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const Redis = await loadRedis();
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

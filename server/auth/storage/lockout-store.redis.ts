// LockoutStore in Redis: one hash per account key, counted by a Lua script that runs alone on the
// Redis server, so failures spread over instances add up exactly.
import type { RedisClient } from '../../storage/redis-client.ts';
import type { FailureCount, LockoutStore } from './lockout-store.ts';

// A window starts at the first failure; reaching `max` inside it locks the key for `lockMs`.
const RECORD_FAILURE = `
local now, windowMs, max, lockMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local windowStart = tonumber(redis.call('HGET', KEYS[1], 'windowStart'))
local count = tonumber(redis.call('HGET', KEYS[1], 'count')) or 0
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'lockedUntil')) or 0
if windowStart and windowStart > now - windowMs then count = count + 1 else count = 1; windowStart = now end
if count >= max then lockedUntil = now + lockMs end
redis.call('HSET', KEYS[1], 'count', count, 'windowStart', windowStart, 'lockedUntil', lockedUntil)
redis.call('PEXPIRE', KEYS[1], math.max(windowMs, lockedUntil - now) + 60000)
return {count, lockedUntil}`;

// One failure taken back; the lock goes with it when the count falls below `max`.
const FORGET_FAILURE = `
local max = tonumber(ARGV[1])
local count = tonumber(redis.call('HGET', KEYS[1], 'count')) or 0
if count <= 0 then return 0 end
count = count - 1
redis.call('HSET', KEYS[1], 'count', count)
if count < max then redis.call('HSET', KEYS[1], 'lockedUntil', 0) end
return count`;

export class RedisLockoutStore implements LockoutStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  private keyOf = (key: string) => `${this.prefix}lockout:${key}`;

  async lockedUntil(key: string): Promise<number> {
    return Number((await this.redis.hget(this.keyOf(key), 'lockedUntil')) ?? 0);
  }

  async recordFailure(key: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount> {
    const [failureCount, lockedUntil] = (await this.redis.eval(
      RECORD_FAILURE, 1, this.keyOf(key), String(now), String(windowMs), String(max), String(lockMs),
    )) as [number, number];
    return { failureCount: Number(failureCount), lockedUntil: Number(lockedUntil) };
  }

  async clearFailures(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  async forgetFailure(key: string, max: number): Promise<void> {
    await this.redis.eval(FORGET_FAILURE, 1, this.keyOf(key), String(max));
  }
}

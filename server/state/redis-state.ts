// Sessions, lockout counters, SMS codes and quotas, and used nonces in Redis, behind the same store
// interfaces the SQL repository implements. Every instance of a deployment sees the same keys, so a
// session started on one instance is valid on all, and failures spread over instances add up.
// Each key expires by itself (PEXPIRE), so nothing needs purging.
import type {
  FailureCount, LockoutStore, NonceStore, Session, SessionStore, SmsCode, SmsQuota, SmsStore,
} from '../db/repository.ts';
import type { RedisClient } from './redis-client.ts';

export type StateStores = SessionStore & LockoutStore & SmsStore & NonceStore;

const DAY = 24 * 3600_000;

// Counts one failure atomically (the Lua script runs alone on the Redis server): a window starts
// at the first failure; reaching `max` inside it locks the name for `lockMs`.
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

// Changes a field only while the key exists: a session ended (or a code used) meanwhile must not
// come back as a half-filled hash.
const HSET_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 0`;

// Counts one try of a code and returns the code as it is after the count (the script runs alone,
// so parallel tries each see their own number).
const COUNT_CODE_TRY = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
return {redis.call('HGET', KEYS[1], 'codeHash'), redis.call('HGET', KEYS[1], 'expiresAt'), attempts}`;

// Takes a key until ARGV[1] when it is free at ARGV[2] (the clock is the caller's, like the SQL store).
const CLAIM_UNTIL = `
local held = tonumber(redis.call('GET', KEYS[1]))
if held and held > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', math.max(1, tonumber(ARGV[1]) - tonumber(ARGV[2])) + 60000)
return 1`;

// Uses a code up: only the caller whose compare-and-delete ran first gets 1 (the script runs alone).
const DELETE_IF_HASH = `
if redis.call('HGET', KEYS[1], 'codeHash') == ARGV[1] then redis.call('DEL', KEYS[1]); return 1 end
return 0`;

export class RedisStateStore implements StateStores {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    /** How long a session key outlives its creation: past the absolute timeout, with slack. */
    private readonly sessionTtlMs: number,
  ) {}

  private sessionKey = (idHash: string) => `${this.prefix}session:${idHash}`;
  private userSessionsKey = (userId: number) => `${this.prefix}user-sessions:${userId}`;
  private lockoutKey = (username: string) => `${this.prefix}lockout:${username}`;
  private quotaKey = (phone: string) => `${this.prefix}sms-quota:${phone}`;
  private codeKey = (phone: string, purpose: string) => `${this.prefix}sms-code:${purpose}:${phone}`;
  private nonceKey = (nonce: string) => `${this.prefix}nonce:${nonce}`;

  async createSession(s: Session): Promise<void> {
    const key = this.sessionKey(s.idHash);
    const userKey = this.userSessionsKey(s.userId);
    await this.redis.multi()
      .hset(key, { userId: s.userId, username: s.username, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt })
      .pexpire(key, this.sessionTtlMs)
      .sadd(userKey, s.idHash)
      .pexpire(userKey, this.sessionTtlMs)
      .exec();
  }

  async findSession(idHash: string): Promise<Session | null> {
    const row = await this.redis.hgetall(this.sessionKey(idHash));
    if (!row.userId || !row.username || !row.createdAt || !row.lastSeenAt) return null;
    return {
      idHash,
      userId: Number(row.userId),
      username: row.username,
      createdAt: Number(row.createdAt),
      lastSeenAt: Number(row.lastSeenAt),
    };
  }

  async touchSession(idHash: string, at: number): Promise<void> {
    await this.redis.eval(HSET_IF_EXISTS, 1, this.sessionKey(idHash), 'lastSeenAt', String(at));
  }

  async deleteSession(idHash: string): Promise<void> {
    const userId = await this.redis.hget(this.sessionKey(idHash), 'userId');
    const batch = this.redis.multi().del(this.sessionKey(idHash));
    if (userId) batch.srem(this.userSessionsKey(Number(userId)), idHash);
    await batch.exec();
  }

  async deleteUserSessions(userId: number): Promise<void> {
    const ids = await this.redis.smembers(this.userSessionsKey(userId));
    await this.redis.del(this.userSessionsKey(userId), ...ids.map(this.sessionKey));
  }

  async purgeSessions(): Promise<void> {
    // Session keys expire by themselves.
  }

  async lockedUntil(username: string): Promise<number> {
    return Number((await this.redis.hget(this.lockoutKey(username), 'lockedUntil')) ?? 0);
  }

  async recordFailure(username: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount> {
    const [failureCount, lockedUntil] = (await this.redis.eval(
      RECORD_FAILURE, 1, this.lockoutKey(username), String(now), String(windowMs), String(max), String(lockMs),
    )) as [number, number];
    return { failureCount: Number(failureCount), lockedUntil: Number(lockedUntil) };
  }

  async clearFailures(username: string): Promise<void> {
    await this.redis.del(this.lockoutKey(username));
  }

  async getQuota(phone: string): Promise<SmsQuota | null> {
    const raw = await this.redis.get(this.quotaKey(phone));
    return raw ? (JSON.parse(raw) as SmsQuota) : null;
  }

  async saveQuota(quota: SmsQuota): Promise<void> {
    // One JSON value per phone: the per-purpose cooldown times (lastSentByPurpose) and the daily
    // count travel together. Two days covers the cooldown and the China calendar day the cap is counted in.
    await this.redis.set(this.quotaKey(quota.phone), JSON.stringify(quota), 'PX', 2 * DAY);
  }

  async saveCode(c: SmsCode): Promise<void> {
    const key = this.codeKey(c.phone, c.purpose);
    await this.redis.multi()
      .del(key)
      .hset(key, { codeHash: c.codeHash, expiresAt: c.expiresAt, attempts: c.attempts })
      .pexpireat(key, c.expiresAt + 60_000)
      .exec();
  }

  async getCode(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null> {
    const row = await this.redis.hgetall(this.codeKey(phone, purpose));
    if (!row.codeHash || !row.expiresAt) return null;
    return { phone, purpose, codeHash: row.codeHash, expiresAt: Number(row.expiresAt), attempts: Number(row.attempts ?? 0) };
  }

  async countCodeTry(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null> {
    const row = (await this.redis.eval(COUNT_CODE_TRY, 1, this.codeKey(phone, purpose))) as [string, string, number] | null;
    if (!row) return null;
    return { phone, purpose, codeHash: row[0], expiresAt: Number(row[1]), attempts: Number(row[2]) };
  }

  async claimUntil(key: string, until: number, now: number): Promise<boolean> {
    return Number(await this.redis.eval(CLAIM_UNTIL, 1, `${this.prefix}claim:${key}`, String(until), String(now))) === 1;
  }

  async deleteCode(phone: string, purpose: SmsCode['purpose'], codeHash: string): Promise<boolean> {
    return Number(await this.redis.eval(DELETE_IF_HASH, 1, this.codeKey(phone, purpose), codeHash)) === 1;
  }

  async rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    const stored = await this.redis.set(this.nonceKey(nonce), '1', 'PX', Math.max(1, expiresAt - now), 'NX');
    return stored === 'OK';
  }
}

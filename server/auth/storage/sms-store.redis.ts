// SmsStore in Redis: a hash per code (expiring with it) and a JSON quota value per phone (the day's count).
import type { RedisClient } from '../../storage/redis-client.ts';
import type { SmsCode, SmsPurpose, SmsStore } from './sms-store.ts';

const DAY = 24 * 3600_000;

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

// Counts one send of the day ARGV[1] below the cap ARGV[2] (the script runs alone, so parallel sends
// each see the count the one before left). The value stays the JSON quota record it always was.
const TAKE_DAILY_SEND = `
local raw = redis.call('GET', KEYS[1])
local count = 0
if raw then
  local quota = cjson.decode(raw)
  if quota.day == ARGV[1] then count = tonumber(quota.dayCount) or 0 end
end
if count >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], cjson.encode({phone = ARGV[4], lastSentAt = tonumber(ARGV[3]), day = ARGV[1], dayCount = count + 1}), 'PX', ARGV[5])
return 1`;

// Uses a code up: only the caller whose compare-and-delete ran first gets 1 (the script runs alone).
const DELETE_IF_HASH = `
if redis.call('HGET', KEYS[1], 'codeHash') == ARGV[1] then redis.call('DEL', KEYS[1]); return 1 end
return 0`;

export class RedisSmsStore implements SmsStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  private quotaKey = (phone: string) => `${this.prefix}sms-quota:${phone}`;
  private codeKey = (phone: string, purpose: string) => `${this.prefix}sms-code:${purpose}:${phone}`;

  async takeDailySend(phone: string, day: string, cap: number, now: number): Promise<boolean> {
    // Two days covers the China calendar day the cap is counted in, whatever the server's zone.
    return Number(await this.redis.eval(TAKE_DAILY_SEND, 1, this.quotaKey(phone), day, String(cap), String(now), phone, String(2 * DAY))) === 1;
  }

  async saveCode(c: SmsCode): Promise<void> {
    const key = this.codeKey(c.phone, c.purpose);
    await this.redis.multi()
      .del(key)
      .hset(key, { codeHash: c.codeHash, expiresAt: c.expiresAt, attempts: c.attempts })
      .pexpireat(key, c.expiresAt + 60_000)
      .exec();
  }

  async getCode(phone: string, purpose: SmsPurpose): Promise<SmsCode | null> {
    const row = await this.redis.hgetall(this.codeKey(phone, purpose));
    if (!row.codeHash || !row.expiresAt) return null;
    return { phone, purpose, codeHash: row.codeHash, expiresAt: Number(row.expiresAt), attempts: Number(row.attempts ?? 0) };
  }

  async countCodeTry(phone: string, purpose: SmsPurpose): Promise<SmsCode | null> {
    const row = (await this.redis.eval(COUNT_CODE_TRY, 1, this.codeKey(phone, purpose))) as [string, string, number] | null;
    if (!row) return null;
    return { phone, purpose, codeHash: row[0], expiresAt: Number(row[1]), attempts: Number(row[2]) };
  }

  async claimUntil(key: string, until: number, now: number): Promise<boolean> {
    return Number(await this.redis.eval(CLAIM_UNTIL, 1, `${this.prefix}claim:${key}`, String(until), String(now))) === 1;
  }

  async deleteCode(phone: string, purpose: SmsPurpose, codeHash: string): Promise<boolean> {
    return Number(await this.redis.eval(DELETE_IF_HASH, 1, this.codeKey(phone, purpose), codeHash)) === 1;
  }
}

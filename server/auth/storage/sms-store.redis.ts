// SmsStore in Redis: a hash per code (expiring with it) and a JSON quota value per phone.
import type { RedisClient } from '../../storage/redis-client.ts';
import type { SmsCode, SmsPurpose, SmsQuota, SmsStore } from './sms-store.ts';

const DAY = 24 * 3600_000;

// Counts a try only while the code exists: a code used up meanwhile must not come back half-filled.
const HINCR_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HINCRBY', KEYS[1], ARGV[1], 1) end
return 0`;

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

  async getCode(phone: string, purpose: SmsPurpose): Promise<SmsCode | null> {
    const row = await this.redis.hgetall(this.codeKey(phone, purpose));
    if (!row.codeHash || !row.expiresAt) return null;
    return { phone, purpose, codeHash: row.codeHash, expiresAt: Number(row.expiresAt), attempts: Number(row.attempts ?? 0) };
  }

  async countAttempt(phone: string, purpose: SmsPurpose): Promise<void> {
    await this.redis.eval(HINCR_IF_EXISTS, 1, this.codeKey(phone, purpose), 'attempts');
  }

  async deleteCode(phone: string, purpose: SmsPurpose, codeHash: string): Promise<boolean> {
    return Number(await this.redis.eval(DELETE_IF_HASH, 1, this.codeKey(phone, purpose), codeHash)) === 1;
  }
}

// One password check at a time per account. The lockout reads the failure count before the
// password is verified and counts after, so without this a burst of parallel guesses (from many
// addresses, over many instances) would all be verified before the fifth failure locks the
// account: 50 guesses instead of 5. Held in Redis when configured (all instances), else in the
// process. The hold expires by itself should a process die holding it.
import crypto from 'node:crypto';
import type { RedisClient } from '../storage/redis-client.ts';

export interface AccountGuard {
  /** A token when the account was free (now held), null while another check holds it. */
  acquire(account: string): Promise<string | null>;
  release(account: string, token: string): Promise<void>;
}

const HOLD_MS = 10_000;

export class MemoryAccountGuard implements AccountGuard {
  private readonly held = new Map<string, { token: string; until: number }>();

  async acquire(account: string): Promise<string | null> {
    const now = Date.now();
    const current = this.held.get(account);
    if (current && current.until > now) return null;
    const token = crypto.randomBytes(8).toString('hex');
    this.held.set(account, { token, until: now + HOLD_MS });
    return token;
  }

  async release(account: string, token: string): Promise<void> {
    if (this.held.get(account)?.token === token) this.held.delete(account);
  }
}

// Deletes the hold only if it is still ours (it may have expired and been taken by another check).
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export class RedisAccountGuard implements AccountGuard {
  constructor(private readonly redis: RedisClient, private readonly prefix: string) {}

  private key = (account: string) => `${this.prefix}login-guard:${account}`;

  async acquire(account: string): Promise<string | null> {
    const token = crypto.randomBytes(8).toString('hex');
    return (await this.redis.set(this.key(account), token, 'PX', HOLD_MS, 'NX')) === 'OK' ? token : null;
  }

  async release(account: string, token: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(account), token);
  }
}

// Account lockout: N failures within a window lock the name for a while (HTTP 423). Failures are
// counted per name whether or not the account exists, so the lock does not reveal accounts.
import type { ServerConfig } from '../config.ts';
import { lockoutKey } from './account-key.ts';
import type { LockoutStore } from './storage/lockout-store.ts';

type LockoutConfig = Pick<ServerConfig, 'lockoutMaxFailures' | 'lockoutWindowMs' | 'lockoutDurationMs'>;

export class Lockout {
  constructor(
    private readonly store: LockoutStore,
    private readonly config: LockoutConfig,
    private readonly now: () => number,
  ) {}

  async isLocked(name: string): Promise<boolean> {
    return (await this.store.lockedUntil(lockoutKey(name))) > this.now();
  }

  /** Counts a failure; true when this failure locked the account. */
  async fail(name: string): Promise<boolean> {
    const now = this.now();
    const { lockedUntil } = await this.store.recordFailure(
      lockoutKey(name), now, this.config.lockoutWindowMs, this.config.lockoutMaxFailures, this.config.lockoutDurationMs,
    );
    return lockedUntil > now;
  }

  async reset(name: string): Promise<void> {
    await this.store.clearFailures(lockoutKey(name));
  }
}

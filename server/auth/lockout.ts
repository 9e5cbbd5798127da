// Password lockout: N failures within a window lock the name's password for a while (HTTP 423, with
// the minutes left). Failures are counted per name whether or not the account exists, so the lock
// does not reveal accounts. Only the password is locked: SMS and QR sign-in prove the phone or the
// messenger account and still work, so a stranger typing wrong passwords cannot lock the owner out
// (Keycloak's brute-force detection and Authelia's regulation also lock the first factor only).
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
    return (await this.lockedForMs(name)) > 0;
  }

  /** How long the password of `name` stays locked, in ms; 0 when it is not. */
  async lockedForMs(name: string): Promise<number> {
    return Math.max(0, (await this.store.lockedUntil(lockoutKey(name))) - this.now());
  }

  /** Counts a failure; true when this failure locked the account. */
  async fail(name: string): Promise<boolean> {
    return (await this.failAndLockedForMs(name)) > 0;
  }

  /** Counts a failure; how long the password is now locked, in ms (0: not locked). */
  async failAndLockedForMs(name: string): Promise<number> {
    const now = this.now();
    const { lockedUntil } = await this.store.recordFailure(
      lockoutKey(name), now, this.config.lockoutWindowMs, this.config.lockoutMaxFailures, this.config.lockoutDurationMs,
    );
    return Math.max(0, lockedUntil - now);
  }

  /**
   * Takes one of the name's tries before its password is verified (counted as a failure at once, in
   * one atomic step of the store), so parallel guesses cannot all pass the check before any failure
   * is counted: of N parallel tries at most `lockoutMaxFailures` are verified, the rest are answered
   * with the lock. 0: go ahead and verify; else how long the password is locked, in ms. A right
   * password gives the try back with `reset` only when nothing else (a second factor) is still due.
   */
  async reserveTry(name: string): Promise<number> {
    const lockedForMs = await this.lockedForMs(name);
    if (lockedForMs > 0) return lockedForMs;
    const now = this.now();
    const { failureCount, lockedUntil } = await this.store.recordFailure(
      lockoutKey(name), now, this.config.lockoutWindowMs, this.config.lockoutMaxFailures, this.config.lockoutDurationMs,
    );
    return failureCount > this.config.lockoutMaxFailures ? Math.max(1, lockedUntil - now) : 0;
  }

  /** Gives back a try reserved by `reserveTry` whose password could not be checked at all (its directory did not answer). */
  async giveBackTry(name: string): Promise<void> {
    await this.store.forgetFailure(lockoutKey(name), this.config.lockoutMaxFailures);
  }

  async reset(name: string): Promise<void> {
    await this.store.clearFailures(lockoutKey(name));
  }
}

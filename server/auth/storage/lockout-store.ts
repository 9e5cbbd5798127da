// Password-failure counters per account key (auth/lockout.ts). Both implementations count in one
// atomic step (one SQL statement, one Lua script), so parallel failures are never lost.
export interface FailureCount {
  failureCount: number;
  lockedUntil: number;
}

export interface LockoutStore {
  lockedUntil(key: string): Promise<number>;
  /** Atomically counts one failure in a window starting at the first failure; locks at `max`. */
  recordFailure(key: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount>;
  clearFailures(key: string): Promise<void>;
  /** Takes back one counted failure (a try whose password could not be checked); unlocks when that leaves the count below `max`. */
  forgetFailure(key: string, max: number): Promise<void>;
}

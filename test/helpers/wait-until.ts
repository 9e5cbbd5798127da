// Polling with a deadline: a loop that waits for some state must end in a clear failure, never hang
// the suite, when that state does not come.
import assert from 'node:assert/strict';

export interface WaitOptions {
  timeoutMs: number;
  /** Pause between checks. */
  everyMs?: number;
  /** The failure message, built when the deadline passes (so it can report the state then). */
  failure: () => string;
}

export async function waitUntil(condition: () => boolean, { timeoutMs, everyMs = 5, failure }: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) assert.fail(failure());
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Waits until the wall clock enters its next whole second (plus a margin). oidc-provider stamps an
 * interaction's iat and a sign-in's auth_time in whole seconds of Date.now, which no injected clock
 * reaches: a step that must come "later" in its eyes has to start in a later second.
 */
export async function nextWallClockSecond(marginMs = 10): Promise<void> {
  const next = (Math.floor(Date.now() / 1000) + 1) * 1000 + marginMs;
  await new Promise((resolve) => setTimeout(resolve, next - Date.now()));
}

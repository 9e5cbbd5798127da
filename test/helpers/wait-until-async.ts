// waitUntil (wait-until.ts) for a condition that has to ask something first (an HTTP call, a
// query): polls with a deadline and ends in a clear failure, never a hang.
import assert from 'node:assert/strict';
import type { WaitOptions } from './wait-until.ts';

export async function waitUntilAsync(condition: () => Promise<boolean>, { timeoutMs, everyMs = 20, failure }: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() >= deadline) assert.fail(failure());
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

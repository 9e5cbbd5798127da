// The deadline that keeps process tests' polling loops (kill-during-registration) from hanging.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waitUntil } from '../../helpers/wait-until.ts';

describe('waitUntil', () => {
  it('returns once the condition holds', async () => {
    let checks = 0;
    await waitUntil(() => ++checks >= 3, { timeoutMs: 5_000, everyMs: 1, failure: () => 'never' });
    assert.equal(checks, 3);
  });

  it('fails with the message built at the deadline when the condition never holds', async () => {
    let state = 0;
    const started = Date.now();
    await assert.rejects(
      waitUntil(() => (state++, false), { timeoutMs: 50, everyMs: 5, failure: () => `still waiting after ${state} checks` }),
      (error: Error) => error.name === 'AssertionError' && /^still waiting after \d+ checks$/.test(error.message),
    );
    assert.ok(Date.now() - started >= 50, 'not before the deadline');
  });
});

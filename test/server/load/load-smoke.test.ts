// A 2-second smoke of the mixed load (npm run load runs the real, longer one): the mix of session
// checks, app lists and logins on a real process answers every request correctly.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runMixedLoad } from '../../load/mixed-load.ts';

it('mixed isLogin / app list / login load for 2 s: every answer correct', async (t) => {
  const result = await runMixedLoad({ seconds: 2, connections: 4 });
  t.diagnostic(`${result.requests} requests, ${result.perSecond} req/s, p99 ${result.p99Ms} ms`);
  assert.equal(result.errors, 0);
  assert.ok(result.mix.isLogin! > 0 && result.mix.appList! > 0 && result.mix.login! > 0, JSON.stringify(result.mix));
});

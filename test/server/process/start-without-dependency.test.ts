// A backing service that is down when the process starts: one clear line naming it, exit 1, no
// stack trace (the supervisor restarts the process; once running, outages answer 503 instead).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spawnServer } from '../../helpers/start-server.ts';

async function startFailure(env: Record<string, string>): Promise<string> {
  try {
    const started = await spawnServer(env);
    await started.stop();
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('the server started although its dependency is down');
}

describe('starting while a dependency is down', () => {
  for (const [which, env] of [
    ['PostgreSQL', { SSO_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' }],
    ['Redis', { SSO_REDIS_URL: 'redis://127.0.0.1:1' }],
  ] as const) {
    it(`${which} unreachable: a clear message, no stack`, async () => {
      const output = await startFailure(env);
      assert.match(output, new RegExp(`启动失败：无法连接 ${which} / cannot reach ${which} at start \\(ECONNREFUSED\\)`));
      assert.doesNotMatch(output, /^\s+at /m, 'no stack trace');
    });
  }
});

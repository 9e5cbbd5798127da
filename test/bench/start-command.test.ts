// The benchmarks and the compiled-server test start the server with npm start's own command, read
// from package.json: its environment variables, node flags and script.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeStartCommand, npmStartCommand, parseStartCommand } from '../../bench/start-command.ts';

test('variables in front of node, node flags and the script are told apart', () => {
  const start = parseStartCommand(' MALLOC_ARENA_MAX=2 UV_THREADPOOL_SIZE=2 node --max-semi-space-size=2 --v8-pool-size=1 dist/server/main.js --x');
  assert.deepEqual(start, {
    env: { MALLOC_ARENA_MAX: '2', UV_THREADPOOL_SIZE: '2' },
    nodeFlags: ['--max-semi-space-size=2', '--v8-pool-size=1'],
    script: ['dist/server/main.js', '--x'],
  });
  assert.equal(describeStartCommand(start), 'MALLOC_ARENA_MAX=2 UV_THREADPOOL_SIZE=2 node --max-semi-space-size=2 --v8-pool-size=1 dist/server/main.js --x');
});

test('a plain node command has no variables', () => {
  assert.deepEqual(parseStartCommand('node dist/server/main.js'), { env: {}, nodeFlags: [], script: ['dist/server/main.js'] });
});

test('a command that is not node, or has no script, is refused', () => {
  assert.throws(() => parseStartCommand('A=1 tsx server/main.ts'), /does not end with a node command/);
  assert.throws(() => parseStartCommand('node --max-semi-space-size=2'), /no script/);
});

test("package.json's start script runs the compiled server", () => {
  const start = npmStartCommand();
  assert.equal(start.script[0], 'dist/server/main.js');
  for (const value of Object.values(start.env)) assert.match(value, /^\S+$/);
});

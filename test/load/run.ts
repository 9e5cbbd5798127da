// npm run load [-- --seconds 10 --connections 20]: the mixed load on the embedded default, then on
// PostgreSQL + Redis when both answer. Prints one line per backend and exits 1 on any error.
import { parseArgs } from 'node:util';
import { servicesMissing, sharedBackends } from '../server/scale/services.ts';
import { runMixedLoad, type MixedLoadResult } from './mixed-load.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const line = (r: MixedLoadResult) =>
  `${r.backend.padEnd(22)} ${r.seconds}s x ${r.connections} conns: ${r.requests} requests, ${r.perSecond} req/s, ` +
  `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms, errors ${r.errors} ` +
  `(isLogin ${r.mix.isLogin}, app list ${r.mix.appList}, login ${r.mix.login})`;

const results: MixedLoadResult[] = [await runMixedLoad({ seconds, connections })];
console.log(line(results[0]!));
const missing = await servicesMissing();
if (missing) {
  console.log(`PostgreSQL + Redis run skipped: ${missing}`);
} else {
  const backends = sharedBackends();
  try {
    results.push(await runMixedLoad({ seconds, connections, env: backends.env, backend: 'PostgreSQL + Redis' }));
    console.log(line(results[1]!));
  } finally {
    await backends.cleanup();
  }
}
process.exit(results.some((r) => r.errors > 0) ? 1 : 0);

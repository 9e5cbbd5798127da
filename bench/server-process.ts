// A server in its own process for the load tests, so the load generator never shares its event
// loop: `app` is the real server (test/helpers/start-server.ts: fresh data dir, demo seed), `hello`
// the bare Fastify hello-world baseline. Prints one JSON line {"url": ...} once listening and
// stops on SIGTERM or when its parent closes stdin.
import Fastify from 'fastify';
import { readConfig, type ServerConfig } from '../server/config.ts';
import { startServer } from '../test/helpers/start-server.ts';

async function startHello(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * The rate limits protect real users; the benchmark is one client hammering on purpose. Every
 * numeric limit named ...PerMinute / ...PerHour / ...PerDay is lifted, so a limit added later
 * cannot silently turn the load runs into 429s.
 */
function unlimited(): Partial<ServerConfig> {
  const overrides: Record<string, number> = {};
  for (const [key, value] of Object.entries(readConfig({}))) {
    if (typeof value === 'number' && /Per(Minute|Hour|Day)$/.test(key)) overrides[key] = 1_000_000_000;
  }
  return overrides as Partial<ServerConfig>;
}

const kind = process.argv[2];
if (kind !== 'app' && kind !== 'hello') throw new Error('usage: server-process.ts app|hello');

const server =
  kind === 'hello'
    ? await startHello()
    : await startServer({ ...unlimited(), logLevel: 'silent', ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}) });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.stdout.write(JSON.stringify({ url: server.url }) + '\n');

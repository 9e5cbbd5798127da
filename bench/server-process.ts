// A server in its own process for the load tests, so the load generator never shares its event
// loop: `app` is the real server (test/helpers/start-server.ts: fresh data dir, demo seed), `hello`
// the bare Fastify hello-world baseline. Prints one JSON line {"url": ...} once listening and
// stops on SIGTERM or when its parent closes stdin.
import Fastify from 'fastify';
import { startServer } from '../test/helpers/start-server.ts';

async function startHello(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const kind = process.argv[2];
if (kind !== 'app' && kind !== 'hello') throw new Error('usage: server-process.ts app|hello');

const server =
  kind === 'hello'
    ? await startHello()
    : // The login rate limits protect real users; the benchmark is one client hammering on purpose.
      await startServer({ sensitivePerMinute: 1_000_000_000, userLookupPerMinute: 1_000_000_000, logLevel: 'silent' });

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

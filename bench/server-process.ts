// The bare Fastify hello-world baseline of the load runs, in its own process so the load
// generator never shares its event loop. Prints one JSON line {"url": ...} once listening and
// stops on SIGTERM or when its parent closes stdin. (Our own server runs compiled, as users run
// it: bench/child-server.ts.)
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${port}` }) + '\n');

// The process: read the config, start the server (migrations, demo seed, API, portal, widget),
// listen, print where it runs and the demo accounts, and shut down gracefully on SIGTERM/SIGINT.
import { ConfigError, developmentDefaults, readConfig, type ServerConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './seed/index.ts';
import { createServer } from './server.ts';
import { isDependencyUnavailable } from './storage/dependency-errors.ts';
import { REDIS_UNAVAILABLE } from './storage/redis-client.ts';
import { setupBanner, setupLinkAtStart } from './console/index.ts';

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`配置错误 / configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const devDefaults = developmentDefaults(config);
if (devDefaults.length > 0) {
  console.warn('\n' + '!'.repeat(78));
  console.warn(`!! WARNING: development defaults in use for ${devDefaults.join(', ')}.`);
  console.warn('!! They are public (in the source). Set your own values before any real deployment.');
  console.warn('!'.repeat(78) + '\n');
}

let app: Awaited<ReturnType<typeof createServer>>['app'];
let ctx: Awaited<ReturnType<typeof createServer>>['ctx'];
try {
  ({ app, ctx } = await createServer(config));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`配置错误 / configuration error: ${error.message}`);
    process.exit(1);
  }
  // A backing service that is down at start is an operations matter, not a bug: one clear line
  // (the supervisor restarts the process); once running, outages answer 503 and heal by themselves.
  if (!isDependencyUnavailable(error)) throw error;
  const { code, message } = error as { code?: string; message?: string };
  const which = code === REDIS_UNAVAILABLE ? 'Redis' : config.databaseUrl ? 'PostgreSQL' : 'the database';
  console.error(`启动失败：无法连接 ${which} / cannot reach ${which} at start (${code === REDIS_UNAVAILABLE ? message : code ?? message})`);
  process.exit(1);
}
await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`\nSSO portal: http://${shownHost}:${port}/   (data: ${config.dataDir}, storage: ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
if (config.seedDemoData) {
  // *.localhost names only help on a developer's machine; a production start shows its own URL only.
  console.log(`Brand hosts: http://ka.localhost:${port}/ http://exeed.localhost:${port}/ ... (*.localhost resolves to this machine)`);
  console.log('Demo accounts:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username.padEnd(11)} ${account.password.padEnd(16)} ${account.note}`);
  console.log(`SMS codes (development sender): ${config.smsOutboxPath}\n`);
}
// While no administrator exists: the one-time setup link, to this output only (never to a client).
const setupLink = await setupLinkAtStart(ctx, config.publicUrl ?? `http://${shownHost}:${port}`);
if (setupLink) console.log(setupBanner(setupLink));

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(() => process.exit(0), (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}

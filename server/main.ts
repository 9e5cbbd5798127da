// The process: read the config, start the server (migrations, demo seed, API, portal, widget),
// listen, print where it runs and the demo accounts, and shut down gracefully on SIGTERM/SIGINT.
import { ConfigError, developmentDefaults, readConfig, type ServerConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './seed/import.ts';
import { createServer } from './server.ts';

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

const app = await createServer(config);
await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`\nSSO portal: http://${shownHost}:${port}/   (data: ${config.dataDir}, storage: ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
console.log(`Brand hosts: http://ka.localhost:${port}/ http://exeed.localhost:${port}/ ... (*.localhost resolves to this machine)`);
if (config.seedDemoData) {
  console.log('Demo accounts:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username.padEnd(11)} ${account.password.padEnd(16)} ${account.note}`);
  console.log(`SMS codes (development sender): ${config.smsOutboxPath}\n`);
}

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

// The one place a test starts the real server, in one of two ways that genuinely differ:
// - startServer: in this process (createServer: migrations, demo seed, API, static dist/) on a
//   fresh temp data dir, listening on 127.0.0.1 port 0; its config and clock are the test's to set.
//   (buildTestApp in test-app.ts builds the same app without a port, for app.inject.)
// - spawnServer: as its own process, the program `npm start` runs (serverProgram: the compiled
//   dist/server/main.js when it is as new as its sources, else server/main.ts through the loader),
//   waiting for the line that prints its URL; runServerUntilExit for a start that must be refused.
// testConfig is the config both the in-process server and test-app.ts run with.
// Free of node:test so a test-runner plugin (web-test-runner) can import it.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_PARTS, staleParts } from '../../scripts/build-if-stale.ts';
import { readConfig, type ServerConfig } from '../../server/config.ts';
import { dropPostgresSchema } from '../../server/storage/database.ts';
import { deleteRedisKeys } from '../../server/storage/redis-client.ts';
import { createServer } from '../../server/server.ts';
import type { AppDeps } from '../../server/app.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../server/context.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  config: ServerConfig;
  /** The app in this process and the context it was built with (its stores, its services). */
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The config the tests run with: defaults of readConfig on a fresh temp dir, quiet logs, the
 * repository's dist/, then the overrides. A databaseUrl without a databaseSchema gets a fresh
 * random schema that close() drops; a redisUrl without a redisKeyPrefix a fresh prefix whose keys
 * close() deletes.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): { config: ServerConfig; cleanup(): Promise<void> } {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sso-test-'));
  const base = readConfig({ SSO_DATA_DIR: dataDir, SSO_LOG_LEVEL: 'silent', SSO_DIST_DIR: path.join(REPO_ROOT, 'dist') });
  const config: ServerConfig = { ...base, smsOutboxPath: path.join(dataDir, 'sms-outbox.jsonl'), ...overrides, dataDir };
  let createdSchema: string | null = null;
  if (config.databaseUrl && !config.databaseSchema) {
    createdSchema = `sso_test_${crypto.randomBytes(6).toString('hex')}`;
    config.databaseSchema = createdSchema;
  }
  let createdPrefix: string | null = null;
  if (config.redisUrl && !overrides.redisKeyPrefix) {
    createdPrefix = `sso-test-${crypto.randomBytes(6).toString('hex')}:`;
    config.redisKeyPrefix = createdPrefix;
  }
  return {
    config,
    async cleanup() {
      if (createdSchema && config.databaseUrl) await dropPostgresSchema(config.databaseUrl, createdSchema);
      if (createdPrefix && config.redisUrl) await deleteRedisKeys(config.redisUrl, createdPrefix);
      if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startServer(overrides: Partial<ServerConfig> = {}, deps: AppDeps = {}): Promise<StartedServer> {
  const { config, cleanup } = testConfig({ host: '127.0.0.1', port: 0, ...overrides });
  let app: FastifyInstance | undefined;
  let ctx: AppContext;
  try {
    ({ app, ctx } = await createServer(config, deps));
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app?.close();
    await cleanup();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: config.dataDir,
    config: { ...config, port },
    app,
    ctx,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await cleanup();
    },
  };
}

// ---- The server as a process -------------------------------------------------------------------

// How a test starts one of the server's two programs: the compiled JavaScript that `npm start` and
// `npm run admin` run (dist/server, which test:server builds first) when it is as new as its
// sources; else the TypeScript source through the loader, as after an edit without a build (about
// a second slower a start, the same behaviour).
let compiledIsFresh: boolean | undefined;

/** node's arguments for `main` (the server) or `cli` (the admin commands), before their own. */
export function serverProgram(name: 'main' | 'cli'): string[] {
  compiledIsFresh ??= staleParts(BUILD_PARTS.filter((part) => part.script === 'build:server')).length === 0;
  return compiledIsFresh ? [`dist/server/${name}.js`] : ['--import', 'tsx', `server/${name}.ts`];
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** With the movable clock: moves the process's clock one step ahead and waits until it has. */
  advanceClock(): Promise<void>;
}

export interface SpawnOptions {
  /** Preload test/helpers/movable-clock.mjs: advanceClock() moves Date.now ahead by this many ms. */
  clockStepMs?: number;
}

export async function spawnServer(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-main-'));
  const clock = options.clockStepMs ? ['--import', './test/helpers/movable-clock.mjs'] : [];
  const child = spawn(process.execPath, [...clock, ...serverProgram('main')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env, SSO_DATA_DIR: dataDir, SSO_HOST: '127.0.0.1', SSO_PORT: '0', SSO_LOG_LEVEL: 'info',
      ...(options.clockStepMs ? { SSO_TEST_CLOCK_STEP_MS: String(options.clockStepMs) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = /SSO portal: (http:\/\/[^/\s]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return {
    url,
    dataDir,
    child,
    output: () => output,
    async advanceClock() {
      if (!options.clockStepMs) throw new Error('spawnServer was started without clockStepMs');
      const moves = () => output.split('test clock moved to').length;
      const before = moves();
      child.kill('SIGUSR2');
      const deadline = Date.now() + 5000;
      while (moves() === before) {
        if (Date.now() > deadline) throw new Error(`the server's clock did not move:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Runs the server program until it exits by itself (a start it must refuse); its exit code and
 * output. Killed after 30 s if it does not. A given data dir is kept, a fresh one removed.
 */
export function runServerUntilExit(env: Record<string, string>, givenDataDir?: string): Promise<{ code: number | null; output: string }> {
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sso-refused-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, serverProgram('main'), {
      cwd: REPO_ROOT,
      env: { ...process.env, SSO_DATA_DIR: dataDir, SSO_HOST: '127.0.0.1', SSO_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

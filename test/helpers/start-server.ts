// Starts the real server (createServer: migrations, demo seed, API, static dist/) on a fresh temp
// data dir, listening on 127.0.0.1 port 0. Used by the server, widget-browser and end-to-end tests;
// free of node:test so a test-runner plugin can import it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig, type ServerConfig } from '../../server/config.ts';
import { dropPostgresSchema } from '../../server/storage/database.ts';
import { deleteRedisKeys } from '../../server/storage/redis-client.ts';
import { createServer } from './create-server.ts';
import type { AppDeps } from '../../server/app.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  config: ServerConfig;
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
  let app;
  try {
    app = await createServer(config, deps);
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
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await cleanup();
    },
  };
}

// Starts N real server processes (server/main.ts) on port 0 sharing PostgreSQL and Redis, each
// with its own data dir holding the same SM2 key pair (as a deployment copies sm2-key.json to
// every instance), and reads the SMS codes each one's development sender wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../../helpers/start-server.ts';
import { lastSmsCode as lastCodeIn } from '../../helpers/sms-outbox.ts';

export interface Instance extends ServerProcess {
  ownDataDir: string;
}

/** env.SSO_DATA_DIR reuses a data dir (a restart); otherwise the instance gets a fresh one. */
export async function startInstance(env: Record<string, string>, keyFrom?: string): Promise<Instance> {
  const ownDataDir = env.SSO_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sso-instance-'));
  if (keyFrom) fs.copyFileSync(path.join(keyFrom, 'sm2-key.json'), path.join(ownDataDir, 'sm2-key.json'));
  const main = await spawnServer({ SSO_SEED_DEMO: 'true', ...env, SSO_DATA_DIR: ownDataDir });
  return Object.assign(main, { ownDataDir });
}

export async function stopInstance(instance: Instance, keepData = false): Promise<void> {
  await instance.stop();
  if (!keepData) fs.rmSync(instance.ownDataDir, { recursive: true, force: true });
}

export function lastSmsCode(dataDir: string, phone: string): string | null {
  return lastCodeIn(path.join(dataDir, 'sms-outbox.jsonl'), phone);
}

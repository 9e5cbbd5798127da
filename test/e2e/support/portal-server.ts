// The server of an end-to-end journey: the same process `npm start` runs (server/main.ts, through
// spawnServer in test/helpers/start-server.ts) on a temporary data dir with the demo data, after making sure the
// portal, the widget and the server are built and newer than their sources. Also reads the
// development SMS outbox of that server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, spawnServer, type ServerProcess, type SpawnOptions } from '../../helpers/start-server.ts';
import { waitForSms, type SmsMessage } from '../../helpers/sms-outbox.ts';
import { staleParts } from '../../../scripts/build-if-stale.ts';

/**
 * Builds whatever part of dist/ is missing or older than its sources (the same rule and the same
 * parts as `npm start`, scripts/build-if-stale.ts), so that a journey never runs yesterday's build:
 * an old dist/portal once failed a journey that the sources passed. Each test file calls this; the
 * first one builds, the others find it fresh.
 */
export function ensureBuilt(): void {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const part of staleParts()) {
    process.stderr.write(`e2e: ${part.output} is missing or older than its sources, running npm run ${part.script}\n`);
    const result = spawnSync(npm, ['run', part.script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0 || !fs.existsSync(path.join(REPO_ROOT, part.output))) {
      throw new Error(`npm run ${part.script} failed (exit ${result.status}); run it by hand to see why:\n${result.stdout}\n${result.stderr}`);
    }
  }
}

export type { SmsMessage } from '../../helpers/sms-outbox.ts';

export interface PortalServer {
  /** http://127.0.0.1:<port> (the default client group). */
  url: string;
  port: number;
  dataDir: string;
  /** The portal under another host name, e.g. hostUrl('ka.localhost'); Chromium resolves *.localhost locally. */
  hostUrl(host: string): string;
  /** Waits for the next SMS (not returned before) that the server sent to `phone` for `purpose`. */
  waitForSms(phone: string, purpose: string, timeoutMs?: number): Promise<SmsMessage>;
  /** Started with clockStepMs: moves the server's clock one step ahead (test/helpers/movable-clock.mjs). */
  advanceClock(): Promise<void>;
  /** What the process printed so far (the start banner, a first start's setup link). */
  output(): string;
  stop(): Promise<void>;
}

export async function startPortalServer(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<PortalServer> {
  ensureBuilt();
  const main: ServerProcess = await spawnServer({ SSO_LOG_LEVEL: 'warn', ...env }, options);
  const port = Number(new URL(main.url).port);
  const outbox = path.join(main.dataDir, 'sms-outbox.jsonl');
  const seen = new Set<number>();

  return {
    url: main.url,
    port,
    dataDir: main.dataDir,
    hostUrl: (host) => `http://${host}:${port}`,
    waitForSms: (phone, purpose, timeoutMs) => waitForSms(outbox, phone, purpose, seen, timeoutMs),
    advanceClock: () => main.advanceClock(),
    output: () => main.output(),
    async stop() {
      await main.stop();
    },
  };
}

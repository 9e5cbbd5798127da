// The server of an end-to-end journey: the same process `npm start` runs (server/main.ts, through
// spawnServer in test/helpers/start-server.ts) on a temporary data dir with the demo data, after making sure the
// portal and the widget are built. Also reads the development SMS outbox of that server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, spawnServer, type ServerProcess, type SpawnOptions } from '../../helpers/start-server.ts';
import { waitForSms, type SmsMessage } from '../../helpers/sms-outbox.ts';

const BUILT_FILES = ['dist/portal/index.html', 'dist/widget/sso-widget.js'];

const SOURCE_DIRS = ['widget', 'portal', 'demo'];
let staleWarningShown = false;

function newestSourceTime(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(REPO_ROOT, dir))) visit(path.join(REPO_ROOT, dir));
  return newest;
}

/**
 * Builds (npm run build) when the portal or the widget script is missing, as on a clean clone; with
 * SSO_E2E_BUILD=1 also when the build is older than the sources. Otherwise a stale build is used as
 * it is, with a warning. Each test file calls this; the first one builds, the others find it fresh.
 */
export function ensureBuilt(): void {
  const missing = BUILT_FILES.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)));
  let reason = missing.length > 0 ? `${missing.join(', ')} missing` : '';
  if (!reason) {
    const builtAt = Math.min(...BUILT_FILES.map((file) => fs.statSync(path.join(REPO_ROOT, file)).mtimeMs));
    if (newestSourceTime() <= builtAt) return;
    if (process.env.SSO_E2E_BUILD === '1') {
      reason = 'dist/ older than the sources (SSO_E2E_BUILD=1)';
    } else {
      if (!staleWarningShown) process.stderr.write('e2e: dist/ is older than widget/, portal/ or demo/; running the old build (SSO_E2E_BUILD=1 rebuilds it)\n');
      staleWarningShown = true;
      return;
    }
  }
  process.stderr.write(`e2e: ${reason}, running npm run build\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const stillMissing = BUILT_FILES.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)));
  if (result.status !== 0 || stillMissing.length > 0) {
    throw new Error(`npm run build failed (exit ${result.status}); run it by hand to see why:\n${result.stdout}\n${result.stderr}`);
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

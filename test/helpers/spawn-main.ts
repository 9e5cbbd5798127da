// Runs the real process (the compiled server/main.ts, server-program.ts) on a temp data dir and port 0, and
// waits for the line that prints its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProgram } from './server-program.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface MainProcess {
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

export async function spawnMain(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<MainProcess> {
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
      if (!options.clockStepMs) throw new Error('spawnMain was started without clockStepMs');
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

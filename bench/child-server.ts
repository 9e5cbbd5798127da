// Starts bench/server-process.ts in a child process and waits for its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmStartCommand } from './start-command.ts';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts');

export interface ChildServer {
  url: string;
  /** CPU time (user + system) the server process has used so far, ms; null off Linux. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // /proc/<pid>/stat: the command name is in parentheses and may hold spaces; utime and stime
    // are fields 14 and 15, i.e. the 12th and 13th after the closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export function startChildServer(kind: 'app' | 'hello', env: NodeJS.ProcessEnv = process.env): Promise<ChildServer> {
  // The server runs with the V8 flags and the environment of `npm start` (heap sizes change its GC
  // work; the thread pool's size how many argon2 hashes run at once).
  const start = kind === 'app' ? npmStartCommand() : { nodeFlags: [], env: {} };
  const child: ChildProcess = spawn(process.execPath, [...start.nodeFlags, '--import', 'tsx', ENTRY, kind], {
    env: { ...start.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${kind} server did not start within 60 s`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with code ${code} before listening`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: (JSON.parse(line) as { url: string }).url, cpuMs: () => processCpuMs(child.pid), stop });
    });
  });
}

// Starts a server in a child process and waits for its URL. `app` is what users run: the compiled
// server (dist/server/main.js) with `npm start`'s node flags and environment, built first when it
// is missing or older than its sources (scripts/build-if-stale.ts, as `npm start` does), on a
// fresh data dir (migrations, SM2 key, demo seed) with the rate limits lifted through their
// environment variables. `hello` is the bare Fastify hello-world baseline (bench/server-process.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { npmStartCommand } from './start-command.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const HELLO_ENTRY = path.join(HERE, 'server-process.ts');

export interface ChildServer {
  url: string;
  /** The app server's data directory (for the admin CLI); undefined for the hello baseline. */
  dataDir?: string;
  /** The server process (for its resident memory). */
  pid: number;
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

/**
 * `BENCH_PROFILE_DIR=<dir>`: the measured processes also write a V8 CPU profile there when they
 * stop (`--cpu-prof`, which NODE_OPTIONS does not take). For finding where the time goes; the
 * profiler itself costs a few percent, so rates of such a run are not figures to report.
 */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250'] : [];
}

/**
 * CPU time (ms) of every thread of the process so far, from each thread's schedstat (nanoseconds):
 * for short measured blocks, where the 10 ms ticks of processCpuMs would round away a tenth.
 * Threads that ended are not counted (the servers' threads live as long as the process). Falls
 * back to processCpuMs where schedstat is missing.
 */
export function processCpuMsFine(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch { /* the thread ended meanwhile */ }
    }
    return ns / 1e6;
  } catch {
    return processCpuMs(pid);
  }
}

let built = false;
/** What `npm start` does before it starts node: builds what is missing or stale (once per bench process). */
export function buildIfStale(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('scripts/build-if-stale.ts failed: the bench needs a fresh dist/');
  built = true;
}

/** SSO_USER_LOOKUP_PER_MINUTE for userLookupPerMinute: the configuration's own naming. */
export const envName = (key: string): string => 'SSO_' + key.replace(/[A-Z]/g, (c) => '_' + c).toUpperCase();

/**
 * The rate limits protect real users; the benchmark is one client hammering on purpose. Every
 * numeric limit named ...PerMinute / ...PerHour / ...PerDay is lifted through its environment
 * variable, and readConfig must then read it back lifted: a limit added later under another
 * variable name fails here instead of silently turning the load runs into 429s.
 */
export function unlimitedEnv(): Record<string, string> {
  const lifted = 1_000_000_000;
  const env: Record<string, string> = {};
  const keys = Object.entries(readConfig({})).filter(([key, value]) => typeof value === 'number' && /Per(Minute|Hour|Day)$/.test(key)).map(([key]) => key);
  for (const key of keys) env[envName(key)] = String(lifted);
  const read = readConfig(env) as unknown as Record<string, unknown>;
  const missed = keys.filter((key) => read[key] !== lifted);
  if (missed.length > 0) throw new Error(`the bench cannot lift the rate limit(s) ${missed.join(', ')} through ${missed.map(envName).join(', ')}`);
  return env;
}

function stopper(child: ChildProcess, after: () => void = () => {}): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      const done = (): void => {
        after();
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.kill('SIGTERM');
    });
}

/** Waits for the first stdout line that `match` turns into a URL. */
function waitForUrl(child: ChildProcess, kind: string, stop: () => Promise<void>, match: (line: string) => string | null): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${kind} server did not start within 60 s`));
    }, 60_000);
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with code ${code} before listening`));
    };
    child.once('exit', onExit);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = output.split('\n').map(match).find((u) => u !== null);
      if (!url) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.off('data', onData);
      child.stdout!.resume(); // keep draining: a full pipe would block the server's writes
      resolve(url);
    };
    child.stdout!.on('data', onData);
  });
}

/**
 * `env.BENCH_DATA_DIR`: the data dir to use (kept); otherwise a fresh temp dir, removed on stop.
 * `env` also reaches the server process (after the bench's own settings, so it can override them).
 */
export async function startChildServer(kind: 'app' | 'hello', env: NodeJS.ProcessEnv = process.env): Promise<ChildServer> {
  if (kind === 'hello') {
    const child = spawn(process.execPath, ['--import', 'tsx', HELLO_ENTRY], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    const stop = stopper(child);
    const url = await waitForUrl(child, kind, stop, (line) => (line.startsWith('{') ? (JSON.parse(line) as { url: string }).url : null));
    return { url, pid: child.pid!, cpuMs: () => processCpuMs(child.pid), stop };
  }
  buildIfStale();
  // The server runs with the V8 flags and the environment of `npm start` (heap sizes change its GC
  // work; the thread pool's size how many argon2 hashes run at once).
  const start = npmStartCommand();
  const ownDir = !env.BENCH_DATA_DIR;
  const dataDir = env.BENCH_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'sso-bench-'));
  // For A/B comparisons only (docs/performance.md, issue 25): another build's entry, other node flags.
  const script = process.env.BENCH_SERVER_ENTRY ? [process.env.BENCH_SERVER_ENTRY] : start.script;
  const flagsAsked = env.BENCH_SERVER_NODE_FLAGS ?? process.env.BENCH_SERVER_NODE_FLAGS;
  const nodeFlags = flagsAsked !== undefined ? flagsAsked.split(' ').filter(Boolean) : start.nodeFlags;
  const child = spawn(process.execPath, [...nodeFlags, ...profileFlags(), ...script], {
    cwd: ROOT,
    env: {
      ...env,
      ...start.env,
      ...unlimitedEnv(),
      SSO_DATA_DIR: dataDir,
      SSO_HOST: '127.0.0.1',
      SSO_PORT: '0',
      SSO_LOG_LEVEL: env.BENCH_SERVER_LOG_LEVEL ?? 'silent',
      SSO_DIST_DIR: path.join(ROOT, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The development-defaults warning (lines starting with "!") is expected on a bench; anything
  // else the server writes to stderr is shown.
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    const shown = text.split('\n').filter((line) => line.trim() !== '' && !/^!+$|^!! /.test(line));
    if (shown.length > 0) process.stderr.write(shown.join('\n') + '\n');
  });
  // The compiled server does not watch its stdin: if the bench process ends without stopping it
  // (an error thrown), it must not outlive the bench.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = stopper(child, () => {
    process.off('exit', killOnExit);
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // main.ts prints "SSO portal: http://127.0.0.1:<port>/" once listening.
  const url = await waitForUrl(child, kind, stop, (line) => /SSO portal: (http:\/\/127\.0\.0\.1:\d+)\//.exec(line)?.[1] ?? null);
  return { url, dataDir, pid: child.pid!, cpuMs: () => processCpuMs(child.pid), stop };
}

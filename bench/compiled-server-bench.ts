// The compiled server as `npm start` runs it (node with npm start's V8 flags on
// dist/server/main.js, embedded SQLite, a fresh data dir): start to first answer, and resident
// memory after 300 mixed requests. The same server run from source through the tsx loader (what
// `npm start` did before issue 16) is measured the same way next to it, for comparison only.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './child-server.ts';
import { signIn } from './login-client.ts';
import { fmtMs, type BenchRow } from './report.ts';
import { describeStartCommand, npmStartCommand } from './start-command.ts';
import { freePort } from '../test/helpers/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RSS_BUDGET_MB = 80;
const START_BUDGET_MS = 1000;
const REQUESTS = 300;

export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

interface Started {
  child: ChildProcess;
  url: string;
  /** ms from spawn to the first correct API answer. */
  firstAnswerMs: number;
  /** CPU time the server used until then (steady on a busy machine, unlike the wall time). */
  firstAnswerCpuMs: number | null;
}

export async function startAndTime(args: string[], dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...extraEnv, SSO_DATA_DIR: dataDir, SSO_HOST: '127.0.0.1', SSO_PORT: String(port), SSO_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  while (performance.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/api/centerAuth/sso/isLogin`);
      if (answer.status === 200) return { child, url, firstAnswerMs: performance.now() - started, firstAnswerCpuMs: processCpuMs(child.pid) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} gave no answer within 30 s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** 300 requests in rounds of 15, 5 at a time: the API reads, a password login, the portal, the widget script, a logo. */
export async function mixedRequests(url: string): Promise<number> {
  const session = await signIn(url);
  const api = `${url}/api/centerAuth`;
  const withSession = { cookie: session.sessionCookie };
  const round: Array<() => Promise<Response>> = [
    () => fetch(`${api}/sso/isLogin`, { headers: withSession }),
    () => fetch(`${api}/sso/isLogin`, { headers: withSession }),
    () => fetch(`${api}/sso/isLogin`, { headers: withSession }),
    () => fetch(`${api}/client/getClientListBySsoDomain?ssoDomain=localhost`, { headers: withSession }),
    () => fetch(`${api}/client/getClientListBySsoDomain?ssoDomain=localhost`, { headers: withSession }),
    () => fetch(`${api}/clientGroup/detailGetBySsoDomain?ssoDomain=localhost`),
    () => fetch(`${api}/clientGroup/detailGetBySsoDomain?ssoDomain=exeed.localhost`),
    () => fetch(`${api}/commonConfig/getPublicKeySm2`),
    () => fetch(`${api}/sso/doLogin`, { method: 'POST', headers: session.loginRequest.headers, body: session.loginRequest.body }),
    () => fetch(`${url}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }),
    () => fetch(`${url}/widget/sso-widget.js`, { headers: { 'accept-encoding': 'br, gzip' } }),
    () => fetch(`${url}/widget/custom-elements.json`),
    () => fetch(`${url}/assets/apps/crm.svg`),
    () => fetch(`${api}/sso/isLogin`),
    () => fetch(`${url}/api/health/ready`),
  ];
  let bad = 0;
  for (let sent = 0; sent < REQUESTS; ) {
    for (let i = 0; i < round.length && sent < REQUESTS; i += 5) {
      const batch = round.slice(i, i + 5).slice(0, REQUESTS - sent);
      const answers = await Promise.all(batch.map((request) => request()));
      for (const answer of answers) {
        await answer.arrayBuffer();
        if (answer.status !== 200) bad++;
      }
      sent += batch.length;
    }
  }
  return bad;
}

interface ServerFigures {
  freshStartMs: number;
  restartMs: number;
  restartCpuMs: number | null;
  idleMb: number;
  afterRequestsMb: number;
  badAnswers: number;
}

async function measure(args: string[], extraEnv: Record<string, string> = {}): Promise<ServerFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-bench-compiled-'));
  try {
    // First start on an empty data dir (migrations, SM2 key, demo seed), then a restart on it.
    const fresh = await startAndTime(args, dataDir, extraEnv);
    await stop(fresh.child);
    const server = await startAndTime(args, dataDir, extraEnv);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idleMb = residentMb(server.child.pid!);
      const badAnswers = await mixedRequests(server.url);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const afterRequestsMb = residentMb(server.child.pid!);
      return { freshStartMs: fresh.firstAnswerMs, restartMs: server.firstAnswerMs, restartCpuMs: server.firstAnswerCpuMs, idleMb, afterRequestsMb, badAnswers };
    } finally {
      await stop(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCompiledServer(): Promise<BenchRow[]> {
  const start = npmStartCommand();
  const compiled = await measure([...start.nodeFlags, ...start.script], start.env);
  const fromSource = await measure(['--import', 'tsx', 'server/main.ts']);
  const mb = (value: number): string => `${value.toFixed(1)} MB`;
  return [
    {
      section: 'server',
      name: `compiled server (${describeStartCommand(start)}): resident memory after ${REQUESTS} mixed requests`,
      value: `${mb(compiled.afterRequestsMb)} (idle after start ${mb(compiled.idleMb)})` + (compiled.badAnswers ? `, ${compiled.badAnswers} bad answers` : ''),
      budget: `<= ${RSS_BUDGET_MB} MB`,
      pass: compiled.badAnswers === 0 && compiled.afterRequestsMb <= RSS_BUDGET_MB,
      data: { ...compiled },
    },
    {
      section: 'server',
      name: 'compiled server: start to first API answer (restart on its data dir; first start seeds)',
      value:
        `${fmtMs(compiled.restartMs)}, ${compiled.restartCpuMs ?? '?'} ms of CPU ` +
        `(first start on an empty data dir ${fmtMs(compiled.freshStartMs)})`,
      budget: `<= ${START_BUDGET_MS} ms`,
      pass: compiled.restartMs <= START_BUDGET_MS,
      data: { ...compiled },
    },
    {
      section: 'server',
      name: 'for comparison: the same from source through tsx (npm start before issue 16)',
      value:
        `${mb(fromSource.afterRequestsMb)} after ${REQUESTS} requests (idle ${mb(fromSource.idleMb)}); ` +
        `first answer ${fmtMs(fromSource.restartMs)} (fresh ${fmtMs(fromSource.freshStartMs)})`,
      budget: '',
      pass: null,
      data: { ...fromSource },
    },
  ];
}

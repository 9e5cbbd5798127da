// Where a doLogin waits (docs/performance.md, issue 25): the compiled server as the bench starts it
// (npm start's flags and environment: UV_THREADPOOL_SIZE among them), doLogin replayed by autocannon
// at 1, 2 and 4 connections, and for each run, per thread of the server (main thread, libuv pool
// threads, V8 helpers): CPU time and the time it was ready to run but waited for a core
// (/proc/<pid>/task/<tid>/schedstat). Standalone: node --import tsx bench/login-wait-probe.ts
// (BENCH_LOAD_SECONDS, BENCH_PROBE_CONNECTIONS="1 2 4").
import fs from 'node:fs';
import os from 'node:os';
import { startChildServer } from './child-server.ts';
import { runLoad } from './load.ts';
import { signIn } from './login-client.ts';
import { timeRawLoginWork } from './raw-login-work.ts';

interface ThreadTimes { name: string; cpuMs: number; waitMs: number }

function threads(pid: number): Map<string, ThreadTimes> {
  const out = new Map<string, ThreadTimes>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number);
      out.set(tid, { name: tid === String(pid) ? 'main' : name, cpuMs: run! / 1e6, waitMs: wait! / 1e6 });
    } catch { /* ended meanwhile */ }
  }
  return out;
}

function diff(before: Map<string, ThreadTimes>, after: Map<string, ThreadTimes>): Map<string, ThreadTimes> {
  const groups = new Map<string, ThreadTimes>();
  for (const [tid, a] of after) {
    const b = before.get(tid) ?? { cpuMs: 0, waitMs: 0 };
    const g = groups.get(a.name) ?? { name: a.name, cpuMs: 0, waitMs: 0 };
    g.cpuMs += a.cpuMs - b.cpuMs;
    g.waitMs += a.waitMs - b.waitMs;
    groups.set(a.name, g);
  }
  return groups;
}

const seconds = Number(process.env.BENCH_LOAD_SECONDS || 4);
const app = await startChildServer('app');
try {
  const session = await signIn(app.url);
  const login = { url: `${app.url}/api/centerAuth/sso/doLogin`, method: 'POST' as const, headers: session.loginRequest.headers, body: session.loginRequest.body, expectBody: session.loginAnswer };
  await runLoad({ ...login, connections: 2, duration: 2 });
  const raw = await timeRawLoginWork();
  console.log(`raw login work ${raw.cpuMsPerOp.toFixed(2)} ms CPU = ${(1000 / raw.cpuMsPerOp).toFixed(1)} logins/s per core; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  for (const connections of (process.env.BENCH_PROBE_CONNECTIONS || '1 2 4').split(' ').map(Number)) {
    const before = threads(app.pid);
    const wallStart = performance.now();
    // The main thread's state every 2 ms: R running or waiting for a core, S waiting for work
    // (epoll: nothing to do, or an answer from a pool thread), D in the kernel on I/O (a write,
    // an fsync of SQLite's WAL).
    const states = new Map<string, number>();
    const sampler = setInterval(() => {
      try {
        const stat = fs.readFileSync(`/proc/${app.pid}/task/${app.pid}/stat`, 'utf8');
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        states.set(state, (states.get(state) ?? 0) + 1);
      } catch { /* stopped */ }
    }, 2);
    const figures = await runLoad({ ...login, connections, duration: seconds }, app.cpuMs);
    clearInterval(sampler);
    const wallMs = performance.now() - wallStart;
    const per = diff(before, threads(app.pid));
    const n = figures.requests;
    console.log(`\n${connections} connection(s): ${figures.rate.toFixed(1)} logins/s (${(figures.rate / (1000 / raw.cpuMsPerOp) * 100).toFixed(0)}% of raw per core), p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.bad} bad, server CPU ${(figures.serverCpuUsPerRequest! / 1000).toFixed(1)} ms/login; load average ${os.loadavg()[0]!.toFixed(1)}`);
    const samples = [...states.values()].reduce((a, b) => a + b, 0);
    console.log(`  main thread state (${samples} samples): ` + [...states].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(100 * v / samples).toFixed(0)}%`).join(', '));
    for (const g of [...per.values()].filter((t) => t.cpuMs + t.waitMs > 1).sort((a, b) => b.cpuMs - a.cpuMs)) {
      console.log(`  ${g.name.padEnd(16)} CPU ${(g.cpuMs / n).toFixed(2).padStart(6)} ms/login (${(g.cpuMs / wallMs * 100).toFixed(0).padStart(3)}% of a core)  waited for a core ${(g.waitMs / n).toFixed(2).padStart(6)} ms/login`);
    }
  }
} finally {
  await app.stop();
}

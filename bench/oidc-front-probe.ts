// What our server costs in front of oidc-provider (docs/performance.md, issue 25): the same request
// that the provider refuses at once (userinfo without a token: 401 invalid_token, no storage read,
// no account) against our compiled server (/oidc/me: Fastify, our hooks, the portal-session check,
// the security headers, then the provider) and against bare oidc-provider (/me on node:http), in
// alternating blocks, CPU per request from each process's threads. The difference is the front.
// Standalone: node --import tsx bench/oidc-front-probe.ts (BENCH_OIDC_COUNT requests per target).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMsFine, startChildServer } from './child-server.ts';

const COUNT = Number(process.env.BENCH_OIDC_COUNT || 4000);
const BLOCK = 200;
const CONCURRENCY = 8;

async function bare(): Promise<{ url: string; pid: number; stop(): void }> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-oidc-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry, '1', crypto.randomBytes(32).toString('base64url')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => { out += c; if (out.includes('\n')) resolve(out.split('\n')[0]!); });
  });
  return { url: (JSON.parse(line) as { url: string }).url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function block(url: string, n: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < n) {
      const r = await fetch(url);
      if (r.status !== 401) throw new Error(`${url} answered ${r.status}`);
      await r.arrayBuffer();
    }
  }));
}

const ours = await startChildServer('app');
const theirs = await bare();
try {
  const targets = [
    { name: 'ours /oidc/me', url: `${ours.url.replace('127.0.0.1', 'localhost')}/oidc/me`, pid: ours.pid, cpu: 0 },
    { name: 'bare /me', url: `${theirs.url}/me`, pid: theirs.pid, cpu: 0 },
  ];
  for (const t of targets) await block(t.url, 1000); // warm-up
  for (let done = 0; done < COUNT; done += BLOCK) {
    for (const t of targets) {
      const before = processCpuMsFine(t.pid)!;
      await block(t.url, BLOCK);
      t.cpu += processCpuMsFine(t.pid)! - before;
    }
  }
  for (const t of targets) console.log(`${t.name.padEnd(14)} ${(t.cpu * 1000 / COUNT).toFixed(0)} µs CPU per refused userinfo`);
  console.log(`front: ${((targets[0]!.cpu - targets[1]!.cpu) * 1000 / COUNT).toFixed(0)} µs per request`);
} finally {
  await ours.stop();
  theirs.stop();
}

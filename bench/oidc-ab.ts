// Two builds of our server and bare oidc-provider in one run (docs/performance.md, issue 25): the
// three take turns in blocks of BENCH_OIDC_BLOCK requests per flow, so "before" and "after" are
// measured on the same machine minutes as their baseline. The builds are copies of dist/server
// (cp -r dist/server <dir>/server, before and after a change).
// node --import tsx bench/oidc-ab.ts <dir-a>/server/main.js <dir-b>/server/main.js[@flag,flag]
// (`@` and a comma-separated list of node flags, empty for none, instead of npm start's).
// Each block's codes are minted right before it (oidc-bench.ts Target.mint): our codes live 60 s.
import crypto from 'node:crypto';
import os from 'node:os';
import { bareProvider, measureFlows, ourServer, type Figures, type Flows } from './oidc-bench.ts';

const entries = process.argv.slice(2);
if (entries.length < 1) throw new Error('usage: oidc-ab.ts <main.js of build A> [<main.js of build B> ...]');
const verifier = crypto.randomBytes(32).toString('base64url');
const loadAtStart = os.loadavg();
const servers = [];
try {
  for (const spec of entries) {
    const [entry, flags] = spec.split('@');
    process.env.BENCH_SERVER_ENTRY = entry;
    if (flags === undefined) delete process.env.BENCH_SERVER_NODE_FLAGS;
    else process.env.BENCH_SERVER_NODE_FLAGS = flags.split(',').join(' ');
    servers.push({ label: flags === undefined ? entry! : `${entry} with node flags "${flags.split(',').join(' ')}"`, target: await ourServer(verifier) });
  }
  const bare = await bareProvider(verifier);
  try {
    const figures = await measureFlows([...servers.map((s) => ({ target: s.target, label: s.label })), { target: bare, label: 'bare oidc-provider' }]);
    const perCore = (f: Figures) => (f.count * 1000) / f.serverCpuMs!;
    const bareFlows = figures.at(-1)!;
    console.log(`load average ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at start, ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end`);
    console.log(`bare oidc-provider: ${(['exchanges', 'refreshes', 'userinfo'] as (keyof Flows)[]).map((k) => `${k} ${perCore(bareFlows[k]).toFixed(0)}/s per core`).join(', ')}`);
    servers.forEach((s, i) => {
      const f = figures[i]!;
      console.log(`${s.label}: ` + (['exchanges', 'refreshes', 'userinfo'] as (keyof Flows)[])
        .map((k) => `${k} ${perCore(f[k]).toFixed(0)}/s per core = ${(100 * perCore(f[k]) / perCore(bareFlows[k])).toFixed(0)}% (${(1000 * f[k].serverCpuMs! / f[k].count).toFixed(0)} µs)`).join(', '));
    });
  } finally {
    await bare.stop();
  }
} finally {
  for (const s of servers) await s.target.stop();
}

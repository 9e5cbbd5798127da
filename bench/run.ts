// npm run bench: every measurement of issue 7 in one table (budget and PASS/FAIL per row), also
// written to bench/results.json. Never part of npm test. Builds dist/ first when it is missing.
// BENCH_ONLY=crypto,size,page,server,oidc runs a subset; BENCH_LOAD_SECONDS and BENCH_PAGE_LOADS
// shorten or lengthen the runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCrypto } from './crypto-bench.ts';
import { benchPageLoad } from './page-load-bench.ts';
import { formatTable, type BenchRow } from './report.ts';
import { benchServer } from './server-bench.ts';
import { benchOidc } from './oidc-bench.ts';
import { benchSize } from './size-bench.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const only = new Set((process.env.BENCH_ONLY || 'crypto,size,page,server,oidc').split(',').map((s) => s.trim()));

function ensureBuilt(): void {
  const needed = ['dist/widget/sso-widget.js', 'dist/portal/index.html'];
  if (needed.every((file) => fs.existsSync(file))) return;
  console.log('dist/ is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const rows: BenchRow[] = [];
const started = Date.now();
const loadAtStart = os.loadavg();
if (only.has('size') || only.has('page')) ensureBuilt();

if (only.has('crypto')) {
  console.log('crypto: SM2 and argon2id ...');
  rows.push(...(await benchCrypto()).rows);
}
if (only.has('size')) {
  console.log('size: widget library ...');
  rows.push(...benchSize());
}
if (only.has('page')) {
  console.log('page: headless Chromium loads ...');
  rows.push(...(await benchPageLoad()));
}
if (only.has('server')) {
  console.log('server: autocannon runs ...');
  rows.push(...(await benchServer()));
}

if (only.has('oidc')) {
  console.log('oidc: code exchanges, refreshes, userinfo ...');
  rows.push(...(await benchOidc()));
}

const failed = rows.filter((r) => r.pass === false);
const summary = `${rows.filter((r) => r.pass === true).length} within budget, ${failed.length} over budget`;
const load = (l: number[]): string => l.map((x) => x.toFixed(1)).join(' / ');
const machine =
  `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ` +
  `load average ${load(loadAtStart)} at start, ${load(os.loadavg())} at the end`;
console.log('\n' + machine + '\n\n' + formatTable(rows) + '\n\n' + summary);
const results = {
  when: new Date(started).toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
  machine: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', loadAverageAtStart: loadAtStart, loadAverageAtEnd: os.loadavg() },
  rows,
};
fs.writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
console.log('written to bench/results.json');
process.exitCode = failed.length > 0 ? 1 : 0;

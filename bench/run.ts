// npm run bench: every measurement of issues 7, 12, 16, 25 and 30 in one table (budget and PASS/FAIL per
// row), also written to bench/results.json. Never part of npm test. Builds dist/ first when it is
// missing or stale (scripts/build-if-stale.ts). `npm run bench -- peers compiled` (or BENCH_ONLY=peers,compiled) runs named parts;
// `--write` also rewrites README.md's speed tables from this run's peer and OpenID Connect figures. BENCH_LOAD_SECONDS,
// BENCH_PAGE_LOADS, BENCH_LIGHTHOUSE_RUNS and BENCH_PEER_LOADS shorten or lengthen the runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './child-server.ts';
import { benchCompiledServer } from './compiled-server-bench.ts';
import { benchCrypto } from './crypto-bench.ts';
import { benchDirectory } from './directory-bench.ts';
import { machineLine } from './environment.ts';
import { benchLighthouse } from './lighthouse-bench.ts';
import { benchPageLoad } from './page-load-bench.ts';
import { runPeerBench } from './peers/peer-bench.ts';
import { peerRows, speedTable, targetLines, writeSpeedTable } from './peers/peer-report.ts';
import { traceRows } from './peers/trace-summary.ts';
import { formatTable, type BenchRow } from './report.ts';
import { benchServer } from './server-bench.ts';
import { benchOidc } from './oidc-bench.ts';
import { oidcSpeedTable, writeOidcSpeedTable } from './oidc-report.ts';
import { benchSize } from './size-bench.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const PARTS = ['crypto', 'size', 'page', 'lighthouse', 'server', 'oidc', 'compiled', 'peers', 'trace', 'directory'];
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) throw new Error(`unknown bench part(s) ${unknown.join(', ')}; parts: ${PARTS.join(' ')}`);
const only = new Set(named.length > 0 ? named : (process.env.BENCH_ONLY || PARTS.join(',')).split(',').map((s) => s.trim()));
const writeReadme = process.argv.includes('--write');


const rows: BenchRow[] = [];
const started = Date.now();
const loadAtStart = os.loadavg();
// What `npm start` does first: build whatever is missing or older than its sources.
if (['size', 'page', 'lighthouse', 'server', 'oidc', 'compiled', 'peers', 'trace', 'directory'].some((part) => only.has(part))) buildIfStale();

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
if (only.has('lighthouse')) {
  console.log('lighthouse: performance score per page ...');
  rows.push(...(await benchLighthouse()));
}
if (only.has('server')) {
  console.log('server: autocannon runs ...');
  rows.push(...(await benchServer()));
}

if (only.has('oidc')) {
  console.log('oidc: code exchanges, refreshes, userinfo ...');
  const oidcRows = await benchOidc();
  rows.push(...oidcRows);
  if (writeReadme) {
    const when = new Date(started).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
    const block = oidcSpeedTable(oidcRows, machineLine(loadAtStart), when, 'npm run bench -- oidc --write');
    console.log(writeOidcSpeedTable('README.md', block) ? 'README.md OpenID Connect table rewritten from this run' : 'README.md has no oidc-speed markers');
  }
}
if (only.has('compiled')) {
  console.log('compiled: node dist/server/main.js, start and memory ...');
  rows.push(...(await benchCompiledServer()));
}
if (only.has('directory')) {
  console.log('directory: a slapd of 10,000 people, a full sync, directory vs local sign-in ...');
  rows.push(...(await benchDirectory()));
}
if (only.has('trace')) {
  console.log('trace: one traced cold load per page ...');
  rows.push(...(await traceRows()));
}
if (only.has('peers')) {
  console.log('peers: our widget and the peer widgets, interleaved cold loads ...');
  const run = await runPeerBench();
  const peerRowsOfRun = peerRows(run);
  rows.push(...peerRowsOfRun);
  console.log('\npeers: targets of issue 25, ratios within this run\n' + targetLines(peerRowsOfRun).join('\n') + '\n');
  if (writeReadme) {
    const command = 'npm run bench -- peers --write';
    const block = speedTable(run, machineLine(), new Date(started).toISOString().slice(0, 16).replace('T', ' ') + ' UTC', command);
    console.log(writeSpeedTable('README.md', block) ? 'README.md speed table rewritten from this run' : 'README.md has no speed-table markers');
  }
}

const failed = rows.filter((r) => r.pass === false);
const summary = `${rows.filter((r) => r.pass === true).length} within budget, ${failed.length} over budget`;
const machine = machineLine(loadAtStart);
console.log('\n' + machine + '\n\n' + formatTable(rows) + '\n\n' + summary);
const results = {
  when: new Date(started).toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
  machine: { line: machine, node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', loadAverageAtStart: loadAtStart, loadAverageAtEnd: os.loadavg() },
  rows,
};
fs.writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
console.log('written to bench/results.json');
process.exitCode = failed.length > 0 ? 1 : 0;

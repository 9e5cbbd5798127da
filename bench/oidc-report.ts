// The README's OpenID Connect speed table, written from a bench run (npm run bench -- oidc --write)
// between its markers, never typed by hand: per-core rates of our server next to bare
// oidc-provider in the same run, and the raw cost of one RS256 signature.
import fs from 'node:fs';
import { fmtRate, type BenchRow } from './report.ts';

export const OIDC_SPEED_START = '<!-- oidc-speed:start -->';
export const OIDC_SPEED_END = '<!-- oidc-speed:end -->';

interface FlowData {
  ours: { perCore: number | null };
  oursWithoutV8Flags?: { perCore: number | null };
  bare: { perCore: number | null };
}

const LABELS: [string, string][] = [
  ['OIDC code exchanges (authorization_code + PKCE)', 'code exchanges (code + PKCE, ID token)'],
  ['OIDC refreshes (rotating refresh token)', 'refreshes (rotating refresh token)'],
  ['OIDC userinfo', 'userinfo'],
];

const rate = (value: number | null): string => (value ? fmtRate(value) : 'n/a');

export function oidcSpeedTable(rows: BenchRow[], machine: string, when: string, command: string): string {
  const lines = [
    OIDC_SPEED_START,
    `Measured ${when} with \`${command}\` (SQLite; per core = requests per second of the server process's own CPU time, utime + stime of every thread from /proc/<pid>/stat; ours with \`npm start\`'s flags, bare oidc-provider with node's defaults, blocks of 50 requests in turns; ${machine}).`,
    '',
    '| | ours, per core | bare oidc-provider, per core | ours / bare | ours without the V8 flags / bare | goal per core |',
    '|---|---|---|---|---|---|',
  ];
  for (const [name, label] of LABELS) {
    const row = rows.find((r) => r.name === name);
    if (!row) continue;
    const { ours, oursWithoutV8Flags, bare } = row.data as unknown as FlowData;
    const shareOf = (value: number | null | undefined): string => (value && bare.perCore ? `${Math.round((value / bare.perCore) * 100)}%` : 'n/a');
    const goal = /[>]= (\d+) req\/s per core/.exec(row.budget)?.[1];
    lines.push(`| ${label} | ${rate(ours.perCore)} | ${rate(bare.perCore)} | ${shareOf(ours.perCore)} | ${shareOf(oursWithoutV8Flags?.perCore)} | ${goal ? `>= ${goal} req/s` : ''} |`);
  }
  const signature = rows.find((r) => r.name === 'OIDC raw RS256 signature (one ID token)');
  if (signature) {
    const perOp = (signature.data as { cpuMsPerOp?: number }).cpuMsPerOp;
    lines.push(`| one RS256 signature (raw cost) | ${perOp ? `${Math.round(1000 / perOp).toLocaleString('en-US')} /s` : 'n/a'} | | | | |`);
  }
  lines.push(OIDC_SPEED_END);
  return lines.join('\n');
}

/** Replaces the block between the markers; false when the file has none. */
export function writeOidcSpeedTable(file: string, block: string): boolean {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(OIDC_SPEED_START);
  const end = text.indexOf(OIDC_SPEED_END);
  if (start === -1 || end === -1) return false;
  fs.writeFileSync(file, text.slice(0, start) + block + text.slice(end + OIDC_SPEED_END.length));
  return true;
}

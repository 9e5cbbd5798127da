// The peer run as table rows (figures for every page that rendered, the PASS/FAIL targets of
// issue 16) and as the README's speed table, generated, never typed by hand.
import fs from 'node:fs';
import { fmtKb, fmtMs, type BenchRow } from '../report.ts';
import { APP_CENTER, OURS_BRAND, OURS_PORTAL, summarise, THROTTLES, type PeerRun, type Summary, type TargetResult } from './peer-bench.ts';

export const TARGET_MS = 150;
export const TARGET_SPEED_UP = 2;
export const TARGET_BYTES_KB = 80;

const isOurs = (r: TargetResult): boolean => r.packageName === null;
const rendered = (r: TargetResult, throttle: number): boolean => !r.failed && r.loads[throttle]!.length > 0;

function describe(s: Summary): string {
  return `median ${fmtMs(s.medianMs)}, p90 ${fmtMs(s.p90Ms)}; ${fmtKb(s.medianBytes)} before; long tasks ${fmtMs(s.medianLongTaskMs)}`;
}

function find(run: PeerRun, name: string): TargetResult | undefined {
  return run.results.find((r) => r.name === name);
}

function fastestPeer(run: PeerRun, throttle: number): { result: TargetResult; summary: Summary } | null {
  const peers = run.results.filter((r) => !isOurs(r) && rendered(r, throttle)).map((result) => ({ result, summary: summarise(result.loads[throttle]!) }));
  peers.sort((a, b) => a.summary.medianMs - b.summary.medianMs);
  return peers[0] ?? null;
}

export function peerRows(run: PeerRun): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const result of run.results) {
    for (const throttle of THROTTLES) {
      if (!rendered(result, throttle)) {
        rows.push({ section: 'peers', name: `${result.name} at ${throttle}x`, value: `no figure: ${result.failed ?? 'no load'}`, budget: '', pass: null, data: { failed: result.failed } });
        continue;
      }
      const summary = summarise(result.loads[throttle]!);
      rows.push({
        section: 'peers',
        name: `${result.name} at ${throttle}x (${summary.count} cold loads)`,
        value: describe(summary),
        budget: '',
        pass: null,
        data: { ...summary, loads: result.loads[throttle] },
      });
    }
  }
  const portal = find(run, OURS_PORTAL);
  const brand = find(run, OURS_BRAND);
  for (const ours of [portal, brand]) {
    const ok = ours && rendered(ours, 1);
    const summary = ok ? summarise(ours.loads[1]!) : null;
    rows.push({
      section: 'peers',
      name: `TARGET ${ours?.name ?? 'ours'}: form interactive at 1x`,
      value: summary ? `median ${fmtMs(summary.medianMs)}` : `no figure: ${ours?.failed}`,
      budget: `<= ${TARGET_MS} ms median`,
      pass: summary !== null && summary.medianMs <= TARGET_MS,
      data: { ...summary },
    });
  }
  // Speed-up against the fastest peer: our brand page, the same kind of plain page as the peers'.
  for (const throttle of THROTTLES) {
    const fastest = fastestPeer(run, throttle);
    const ours = brand && rendered(brand, throttle) ? summarise(brand.loads[throttle]!) : null;
    const ratio = fastest && ours ? fastest.summary.medianMs / ours.medianMs : null;
    rows.push({
      section: 'peers',
      name: `TARGET brand page vs the fastest peer at ${throttle}x`,
      value:
        ratio === null
          ? 'no figure (ours or every peer did not render)'
          : `${ratio.toFixed(2)}x faster than ${fastest!.result.name} (${fmtMs(fastest!.summary.medianMs)} vs ${fmtMs(ours!.medianMs)})`,
      budget: `>= ${TARGET_SPEED_UP}x`,
      pass: ratio !== null && ratio >= TARGET_SPEED_UP,
      data: { ratio, fastest: fastest?.result.name ?? null },
    });
  }
  const bytes = brand && rendered(brand, 1) ? summarise(brand.loads[1]!).medianBytes : null;
  rows.push({
    section: 'peers',
    name: 'TARGET brand page: bytes fetched (compressed) before the form is interactive',
    value: bytes === null ? 'no figure' : fmtKb(bytes),
    budget: `<= ${TARGET_BYTES_KB} KB`,
    pass: bytes !== null && bytes <= TARGET_BYTES_KB * 1024,
    data: { bytes },
  });
  if (run.unansweredRequests.length > 0) {
    rows.push({ section: 'peers', name: 'requests no fixture answered (404)', value: run.unansweredRequests.join(', '), budget: '', pass: null, data: {} });
  }
  return rows;
}

export const SPEED_START = '<!-- speed-table:start -->';
export const SPEED_END = '<!-- speed-table:end -->';

/** The README block: one row per page, from this run only. */
export function speedTable(run: PeerRun, machine: string, when: string, command: string): string {
  const cell = (r: TargetResult, throttle: number): string => {
    if (!rendered(r, throttle)) return 'did not render';
    const s = summarise(r.loads[throttle]!);
    return `${Math.round(s.medianMs)} / ${Math.round(s.p90Ms)} ms`;
  };
  const lines = [
    SPEED_START,
    `Measured ${when} with \`${command}\` (${run.loadsPerTarget} interleaved cold loads per page and rate; headless ${machine}).`,
    '',
    '| page | interactive, median / p90 (1x CPU) | same at 4x CPU throttle | gz/br bytes before interactive | long tasks before (1x) |',
    '|---|---|---|---|---|',
  ];
  for (const r of run.results) {
    const s = rendered(r, 1) ? summarise(r.loads[1]!) : null;
    const name = r.name === APP_CENTER ? '`<app-center>` signed in, first clickable app card' : r.name.replace(/<(sso-login|app-center)>/g, '`<$1>`');
    lines.push(`| ${name} | ${cell(r, 1)} | ${cell(r, 4)} | ${s ? fmtKb(s.medianBytes) : '-'} | ${s ? fmtMs(s.medianLongTaskMs) : '-'} |`);
  }
  lines.push(SPEED_END);
  return lines.join('\n');
}

export function writeSpeedTable(file: string, block: string): boolean {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(SPEED_START);
  const end = text.indexOf(SPEED_END);
  if (start === -1 || end === -1) return false;
  fs.writeFileSync(file, text.slice(0, start) + block + text.slice(end + SPEED_END.length));
  return true;
}

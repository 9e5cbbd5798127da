// One row per measured figure, each with its budget and verdict; printed as one table and written
// to bench/results.json.

export interface BenchRow {
  section: 'crypto' | 'size' | 'page' | 'lighthouse' | 'server' | 'peers' | 'trace' | 'directory';
  name: string;
  /** The figure as printed, e.g. "0.91 ms/op". */
  value: string;
  /** The budget as printed, e.g. "<= 1 ms"; '' when the row is informative only. */
  budget: string;
  /** true = within budget, false = over, null = no budget for this row. */
  pass: boolean | null;
  /** Raw numbers behind the row, for results.json. */
  data: Record<string, unknown>;
}

const MARK = { true: 'PASS', false: 'FAIL', null: '' } as const;

function pad(text: string, width: number): string {
  // CJK characters take two columns in a terminal.
  const columns = [...text].reduce((n, ch) => n + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
  return text + ' '.repeat(Math.max(0, width - columns));
}

export function formatTable(rows: BenchRow[]): string {
  const header = ['section', 'measurement', 'value', 'budget', 'result'];
  const cells = rows.map((row) => [row.section, row.name, row.value, row.budget, MARK[String(row.pass) as 'true']]);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((r) => r[c]!.length)));
  const line = (r: string[]): string => '| ' + r.map((cell, c) => pad(cell, widths[c]!)).join(' | ') + ' |';
  return [line(header), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.map(line)].join('\n');
}

export const fmtMs = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1)) + ' ms';
export const fmtKb = (bytes: number): string => (bytes / 1024).toFixed(1) + ' KB';
export const fmtRate = (perSecond: number): string =>
  (perSecond >= 100 ? Math.round(perSecond).toLocaleString('en-US') : perSecond.toFixed(1)) + ' req/s';
export const fmtPct = (ratio: number): string => (ratio * 100).toFixed(0) + '%';

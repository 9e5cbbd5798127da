// npm run test:size (part of npm test), after `npm run build:widget && size-limit`: size-limit
// enforces the budgets (.size-limit.mjs); this keeps the size tables of docs/performance.md and
// README.md true. It fails when the documented gzip figures drift more than 1 KB from the
// measurement of dist/widget (the same files, each compressed on its own, gzip -9, as size-limit
// measures them). npm run size:update rewrites those blocks from the measurement instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureWidgetSize, SIZE_BUDGET, WIDGET_DIST_DIR, type WidgetSize } from './widget-size.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENTS = ['docs/performance.md', 'README.md'];
const START = '<!-- size-check:start -->';
const END = '<!-- size-check:end -->';
const TOLERANCE_KB = 1;
const write = process.argv.includes('--write');

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

interface SizeLimitCheck {
  name: string;
  limit: string;
}

interface Limits {
  all: string;
  iife: string;
  beforeInteractive: string;
}

async function ciLimits(): Promise<Limits> {
  const config = (await import(path.join(ROOT, '.size-limit.mjs'))) as { default: SizeLimitCheck[] };
  const limitOf = (words: string): string => config.default.find((check) => check.name.includes(words))?.limit ?? '?';
  return { all: limitOf('everything'), iife: limitOf('IIFE'), beforeInteractive: limitOf('before the login form') };
}

export function sizeBlock(size: WidgetSize, limits: Limits): string {
  return [
    START,
    '| widget script (dist/widget/sso-widget.js and its chunks) | raw | gzip | brotli | gzip budget | CI limit (size-limit) |',
    '|---|---|---|---|---|---|',
    `| everything: both elements + lazily loaded chunks | ${kb(size.all.raw)} KB | ${kb(size.all.gzip)} KB | ${kb(size.all.brotli)} KB | ${SIZE_BUDGET.all.label} | ${limits.all} |`,
    `| the IIFE fallback (everything inlined) | ${kb(size.iife.raw)} KB | ${kb(size.iife.gzip)} KB | ${kb(size.iife.brotli)} KB | ${SIZE_BUDGET.iife.label} | ${limits.iife} |`,
    `| before the login form is interactive (first-paint loader) | ${kb(size.beforeInteractive.raw)} KB | ${kb(size.beforeInteractive.gzip)} KB | ${kb(size.beforeInteractive.brotli)} KB | ${SIZE_BUDGET.beforeInteractive.label} | ${limits.beforeInteractive} |`,
    END,
  ].join('\n');
}

/** The documented gzip figures of a block: [everything, before interactive], in KB. */
function documentedGzip(block: string): [number, number] | null {
  const gzipOf = (label: string): number | null => {
    const row = block.split('\n').find((line) => line.startsWith(`| ${label}`));
    const cells = row?.split('|').map((c) => c.trim());
    const value = cells ? parseFloat(cells[3] ?? '') : NaN;
    return Number.isFinite(value) ? value : null;
  };
  const all = gzipOf('everything');
  const before = gzipOf('before the login form');
  return all === null || before === null ? null : [all, before];
}

const size = measureWidgetSize(path.join(ROOT, WIDGET_DIST_DIR));
const block = sizeBlock(size, await ciLimits());
console.log(block.split('\n').slice(1, -1).join('\n'));
const problems: string[] = [];
for (const document of DOCUMENTS) {
  const file = path.join(ROOT, document);
  if (!fs.existsSync(file)) continue;
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1) continue;
  if (write) {
    fs.writeFileSync(file, text.slice(0, start) + block + text.slice(end + END.length));
    console.log(`size figures updated in ${document}`);
    continue;
  }
  const documented = documentedGzip(text.slice(start, end + END.length));
  const measured = [size.all.gzip / 1024, size.beforeInteractive.gzip / 1024];
  if (!documented || documented.some((value, i) => Math.abs(value - measured[i]!) > TOLERANCE_KB)) {
    problems.push(`${document}: documented sizes differ from the measurement; run npm run size:update`);
  }
}
for (const problem of problems) console.error(`FAIL ${problem}`);
process.exitCode = problems.length > 0 ? 1 : 0;

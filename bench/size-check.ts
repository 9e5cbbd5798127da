// npm run test:size (part of npm test): builds the widget library fresh into a temporary directory
// (never a stale dist/), fails when it exceeds its gzip budgets, and fails when the figures
// documented between the size-check markers (docs/performance.md, and README.md once it carries
// the block) drift more than 1 KB from the measurement.
// npm run size:update rewrites those blocks from the measurement instead of checking them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIZE_BUDGET_KB, measureWidgetSize, type WidgetSize } from './widget-size.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENTS = ['docs/performance.md', 'README.md'];
const START = '<!-- size-check:start -->';
const END = '<!-- size-check:end -->';
const TOLERANCE_KB = 1;
const write = process.argv.includes('--write');

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

function buildLibrary(): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-widget-size-'));
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.lib.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the widget library build failed');
  return outDir;
}

export function sizeBlock(size: WidgetSize): string {
  return [
    START,
    '| widget script (dist/widget/sso-widget.js and its chunks) | raw | gzip | brotli | gzip budget |',
    '|---|---|---|---|---|',
    `| everything: both elements + lazily loaded chunks | ${kb(size.all.raw)} KB | ${kb(size.all.gzip)} KB | ${kb(size.all.brotli)} KB | ${SIZE_BUDGET_KB.all} KB |`,
    `| before the login form is interactive | ${kb(size.beforeInteractive.raw)} KB | ${kb(size.beforeInteractive.gzip)} KB | ${kb(size.beforeInteractive.brotli)} KB | ${SIZE_BUDGET_KB.beforeInteractive} KB |`,
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

function checkDocuments(size: WidgetSize): string[] {
  const problems: string[] = [];
  for (const document of DOCUMENTS) {
    const file = path.join(ROOT, document);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    if (start === -1 || end === -1) continue;
    const block = text.slice(start, end + END.length);
    if (write) {
      fs.writeFileSync(file, text.slice(0, start) + sizeBlock(size) + text.slice(end + END.length));
      console.log(`size figures updated in ${document}`);
      continue;
    }
    const documented = documentedGzip(block);
    const measured = [size.all.gzip / 1024, size.beforeInteractive.gzip / 1024];
    if (!documented || documented.some((value, i) => Math.abs(value - measured[i]!) > TOLERANCE_KB)) {
      problems.push(`${document}: documented sizes differ from the measurement; run npm run size:update`);
    }
  }
  return problems;
}

const outDir = buildLibrary();
try {
  const size = measureWidgetSize(outDir);
  console.log(sizeBlock(size).split('\n').slice(1, -1).join('\n'));
  const problems: string[] = [];
  const allWithin = size.all.gzip <= SIZE_BUDGET_KB.all * 1024;
  const beforeWithin = size.beforeInteractive.gzip <= SIZE_BUDGET_KB.beforeInteractive * 1024;
  if (!allWithin) problems.push(`the widget library is ${kb(size.all.gzip)} KB gzip, over its ${SIZE_BUDGET_KB.all} KB budget`);
  if (!beforeWithin) {
    problems.push(
      `what the login form needs before it is interactive is ${kb(size.beforeInteractive.gzip)} KB gzip, ` +
        `over its ${SIZE_BUDGET_KB.beforeInteractive} KB budget`,
    );
  }
  const documentProblems = checkDocuments(size);
  problems.push(...documentProblems);
  for (const problem of problems) console.error(`FAIL ${problem}`);
  const results = [allWithin, beforeWithin, documentProblems.length === 0];
  console.log(`size: ${results.filter(Boolean).length} passed, ${results.filter((ok) => !ok).length} failed`);
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}

// Size of the widget library as a browser downloads it: the entry script, the chunks it imports
// statically (needed before the login form is interactive) and the chunks it imports lazily
// (sm-crypto, loaded when a password is first encrypted). Each file is compressed on its own,
// as it travels on its own.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { widgetFiles } from './widget-chunks.mjs';

export interface SizeTotals {
  raw: number;
  gzip: number;
  brotli: number;
  files: string[];
}

export interface WidgetSize {
  /** Entry + every chunk reachable by static or dynamic import. */
  all: SizeTotals;
  /** Entry + chunks reachable by static imports only: what runs before the form is interactive. */
  beforeInteractive: SizeTotals;
  /** The classic-script build, everything inlined (docs/embedding.md's fallback). */
  iife: SizeTotals;
}

export const WIDGET_DIST_DIR = 'dist/widget';
export const WIDGET_ENTRY = 'sso-widget.js';

/**
 * Budgets of the design (design.md "Budgets", issue 33), gzip: the ES build with every chunk and the
 * IIFE fallback in KiB (1024 bytes), the first-paint loader in KB (1000 bytes). npm run bench reports
 * them; CI enforces the same figures in .size-limit.mjs.
 */
export const SIZE_BUDGET = {
  all: { bytes: 128 * 1024, label: '128 KiB' },
  iife: { bytes: 130 * 1024, label: '130 KiB' },
  beforeInteractive: { bytes: 10_000, label: '10 KB' },
} as const;

function totals(files: string[], baseDir: string): SizeTotals {
  const sum: SizeTotals = { raw: 0, gzip: 0, brotli: 0, files: [] };
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    sum.raw += bytes.length;
    sum.gzip += gzipSync(bytes, { level: 9 }).length;
    sum.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sum.files.push(path.relative(baseDir, file));
  }
  return sum;
}

export function measureWidgetSize(distDir = WIDGET_DIST_DIR, entry = WIDGET_ENTRY): WidgetSize {
  const files = widgetFiles(distDir, entry);
  const base = path.resolve(distDir);
  const iife = fs.existsSync(files.iife) ? totals([files.iife], base) : { raw: 0, gzip: 0, brotli: 0, files: [] };
  return { all: totals(files.all, base), beforeInteractive: totals(files.beforeInteractive, base), iife };
}

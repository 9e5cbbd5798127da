// Size of the widget library as a browser downloads it: the entry script, the chunks it imports
// statically (needed before the login form is interactive) and the chunks it imports lazily
// (sm-crypto, loaded when a password is first encrypted). Each file is compressed on its own,
// as it travels on its own.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
}

export const WIDGET_DIST_DIR = 'dist/widget';
export const WIDGET_ENTRY = 'sso-widget.js';

/** Budgets of the design (gzip, KB = 1024 bytes). */
export const SIZE_BUDGET_KB = { all: 120, beforeInteractive: 100 } as const;

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;

function importsOf(file: string): { statics: string[]; dynamics: string[] } {
  const code = fs.readFileSync(file, 'utf8');
  const resolve = (spec: string): string => path.resolve(path.dirname(file), spec);
  return {
    statics: [...code.matchAll(STATIC_IMPORT)].map((m) => resolve(m[1]!)),
    dynamics: [...code.matchAll(DYNAMIC_IMPORT)].map((m) => resolve(m[1]!)),
  };
}

function closure(entry: string, followDynamic: boolean): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !file.endsWith('.js') || !fs.existsSync(file)) continue;
    seen.add(file);
    const { statics, dynamics } = importsOf(file);
    queue.push(...statics, ...(followDynamic ? dynamics : []));
  }
  return [...seen];
}

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
  const entryPath = path.resolve(distDir, entry);
  if (!fs.existsSync(entryPath)) throw new Error(`${entryPath} is missing: build the library first`);
  const base = path.resolve(distDir);
  return {
    all: totals(closure(entryPath, true), base),
    beforeInteractive: totals(closure(entryPath, false), base),
  };
}

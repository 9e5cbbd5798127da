// Widget size rows of the table, from the built library in dist/widget.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fmtKb, type BenchRow } from './report.ts';
import { SIZE_BUDGET_KB, WIDGET_DIST_DIR, measureWidgetSize, type SizeTotals } from './widget-size.ts';

const IIFE = 'sso-widget.iife.js';

const figures = (t: SizeTotals): string => `raw ${fmtKb(t.raw)}, gzip ${fmtKb(t.gzip)}, brotli ${fmtKb(t.brotli)}`;

export function benchSize(distDir = WIDGET_DIST_DIR): BenchRow[] {
  const size = measureWidgetSize(distDir);
  const lazy = size.all.files.filter((f) => !size.beforeInteractive.files.includes(f));
  const rows: BenchRow[] = [
    {
      section: 'size',
      name: `widget library, both elements + lazy chunks (${size.all.files.length} files)`,
      value: figures(size.all),
      budget: `<= ${SIZE_BUDGET_KB.all} KB gzip`,
      pass: size.all.gzip <= SIZE_BUDGET_KB.all * 1024,
      data: { ...size.all },
    },
    {
      section: 'size',
      name: `before the login form is interactive (without ${lazy.length} lazy file(s))`,
      value: figures(size.beforeInteractive),
      budget: `<= ${SIZE_BUDGET_KB.beforeInteractive} KB gzip`,
      pass: size.beforeInteractive.gzip <= SIZE_BUDGET_KB.beforeInteractive * 1024,
      data: { ...size.beforeInteractive, lazyFiles: lazy },
    },
  ];
  // The classic-script build cannot load chunks lazily: everything is needed before the form works.
  const iifePath = path.join(distDir, IIFE);
  if (fs.existsSync(iifePath)) {
    const bytes = fs.readFileSync(iifePath);
    const iife: SizeTotals = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      files: [IIFE],
    };
    rows.push({ section: 'size', name: `classic-script build ${IIFE} (all inlined)`, value: figures(iife), budget: '', pass: null, data: { ...iife } });
  }
  return rows;
}

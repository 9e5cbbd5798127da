// Widget size rows of the table, from the built library in dist/widget.
import { fmtKb, type BenchRow } from './report.ts';
import { SIZE_BUDGET_KB, measureWidgetSize, type SizeTotals } from './widget-size.ts';

const figures = (t: SizeTotals): string => `raw ${fmtKb(t.raw)}, gzip ${fmtKb(t.gzip)}, brotli ${fmtKb(t.brotli)}`;

export function benchSize(distDir?: string): BenchRow[] {
  const size = measureWidgetSize(distDir);
  const lazy = size.all.files.filter((f) => !size.beforeInteractive.files.includes(f));
  return [
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
}

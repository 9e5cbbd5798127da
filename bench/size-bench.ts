// Widget size rows of the table, from the built library in dist/widget, against the budgets of
// design.md (SIZE_BUDGET; CI enforces the same in .size-limit.mjs).
import { fmtKb, type BenchRow } from './report.ts';
import { SIZE_BUDGET, WIDGET_DIST_DIR, measureWidgetSize, type SizeTotals } from './widget-size.ts';

const figures = (t: SizeTotals): string => `raw ${fmtKb(t.raw)}, gzip ${fmtKb(t.gzip)}, brotli ${fmtKb(t.brotli)}`;

export function benchSize(distDir = WIDGET_DIST_DIR): BenchRow[] {
  const size = measureWidgetSize(distDir);
  const lazy = size.all.files.filter((f) => !size.beforeInteractive.files.includes(f));
  const row = (name: string, totals: SizeTotals, budget: { bytes: number; label: string }, data: Record<string, unknown> = {}): BenchRow => ({
    section: 'size',
    name,
    value: figures(totals),
    budget: `<= ${budget.label} gzip`,
    pass: totals.gzip <= budget.bytes,
    data: { ...totals, ...data },
  });
  const rows = [
    row(`widget library, both elements + lazy chunks (${size.all.files.length} files)`, size.all, SIZE_BUDGET.all),
    row(`first-paint loader: before the login form is interactive (without ${lazy.length} lazy file(s))`, size.beforeInteractive, SIZE_BUDGET.beforeInteractive, { lazyFiles: lazy }),
  ];
  // The classic-script build cannot load chunks lazily: everything is needed before the form works.
  if (size.iife.files.length > 0) rows.push(row(`classic-script build ${size.iife.files[0]} (all inlined)`, size.iife, SIZE_BUDGET.iife));
  return rows;
}

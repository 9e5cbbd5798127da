// size-limit (npm run test:size, part of npm test) enforces the widget library's gzip budgets on
// the built library in dist/widget: each file compressed on its own (gzip -9), as it travels.
// The file lists come from the library's import graph (bench/widget-chunks.mjs): "before the login
// form is interactive" is the entry and its static imports, without the lazily imported chunks.
import path from 'node:path';
import { widgetFiles } from './bench/widget-chunks.mjs';

const files = widgetFiles(process.env.SIZE_LIMIT_WIDGET_DIR || 'dist/widget');
const relative = (list) => list.map((file) => path.relative(process.cwd(), file));

export default [
  {
    name: 'widget: everything (both elements + lazily loaded chunks)',
    path: relative(files.all),
    gzip: true,
    // +0.25 KiB for brands, phones and motion (issue 15, branch brands): theme sheet, skeleton,
    // cached look, phone layout, in-app messenger button, carousel pause (lead: keep or trim).
    // +0.5 KiB, branch widget-fixes: main measured 120.3 KiB already; the one redirect rule in the
    // widget, the QR callBack kept across the round trip, toast placement on phones (+0.3 KiB).
    limit: '120.75 KiB',
  },
  {
    // The design's budget is 80 KiB (docs/performance.md, "The first chunk"). The entry is down from
    // 99 KiB to 84 KiB (app-center, the views after the first paint, crypto-js and the notice layer
    // load on demand); React, react-dom, r2wc and nanostores alone are 71 KiB of it. CI holds the
    // line where it is: the measured size plus about 1.5 KiB.
    name: 'widget: before the login form is interactive',
    path: relative(files.beforeInteractive),
    gzip: true,
    // +1.25 KiB for brands, phones and motion (issue 15, about 1.1 KiB gzip in the first chunk):
    // the theme's sheet, the skeleton and the cached look must be there for the first frame.
    // +0.25 KiB, branch widget-fixes (about 0.2 KiB gzip): the one redirect rule and the ticket check
    // of the sign-in success path, the kept QR callBack, the phone toast placement.
    limit: '87 KiB',
  },
];

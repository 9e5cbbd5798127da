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
    limit: '120 KiB',
  },
  {
    // The design's budget is 80 KiB (docs/performance.md); the library is about 97.5 KiB today.
    // Until it gets there, CI holds the line where it is: the measured size plus 1.5 KiB.
    // +1 KiB for 忘记密码 and 稍后修改 (issue 15, about 2 KiB gzip): lazy-loading the view made the
    // entry larger, as rolldown then splits the modules it shares with the entry into a chunk of their own.
    // +1 KiB for the sign-in UX of issue 15 (about 1.1 KB gzip): light-DOM credential forms, errors in
    // the form and dialog with live regions, toasts inside an open dialog, focus on view switches.
    // +0.5 KiB for <app-center>'s signed-out invitation (issue 15, about 0.2 KB gzip): 请先登录 with
    // 去登录 and its app-center-sign-in event instead of 应用加载失败; main sat exactly at 101 KiB.
    // +2 KiB for brands, phones and motion (issue 15, 2.06 KiB gzip measured): the group theme's
    // sheet, the skeleton and the cached look must be there for the first frame; the phone layout,
    // the in-app messenger button and the carousel's pause control are small and render with it.
    name: 'widget: before the login form is interactive',
    path: relative(files.beforeInteractive),
    gzip: true,
    limit: '103.5 KiB',
  },
];

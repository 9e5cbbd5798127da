// After `vite build --config vite.lib.config.ts`: generates dist/widget/custom-elements.json with
// @custom-elements-manifest/analyzer from the JSDoc of the element declarations
// (custom-elements-manifest.config.mjs), regenerates widget/element-types.generated.ts from it
// (scripts/element-types.ts: HTMLElementTagNameMap and the event map), emits the TypeScript
// declarations into dist/widget/types (tsc, tsconfig.widget-types.json) and makes
// their relative imports end in .js (the sources import .ts files, which a consumer's compiler
// would not find), then prints the library's sizes (raw and gzip) against the budget.
// Type errors and an overrun are reported loudly but do not stop the build (npm start must still
// serve); the gates are `npm run typecheck` and `npm run test:size`, both part of npm test.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeElementTypes } from './element-types.ts';
import { SIZE_BUDGET } from '../bench/widget-size.ts';

const root = resolve(import.meta.dirname, '..');
const widgetDist = join(root, 'dist/widget');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// The manifest is part of the library: a failing analyzer stops the build.
execFileSync(process.execPath, [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--quiet'], {
  cwd: root,
  stdio: 'inherit',
});
if (writeElementTypes(join(widgetDist, 'custom-elements.json'))) {
  console.warn('widget/element-types.generated.ts changed with the manifest: commit it.');
}

try {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.widget-types.json')], {
    stdio: 'inherit',
  });
} catch {
  console.warn('WARNING: the widget has type errors; declarations were emitted anyway (run npm run typecheck).');
}
for (const file of filesUnder(join(widgetDist, 'types')).filter((path) => path.endsWith('.d.ts'))) {
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(/((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]*?)\.tsx?(['"])/g, '$1.js$2');
  if (fixed !== text) writeFileSync(file, fixed);
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const scripts = filesUnder(widgetDist).filter((path) => path.endsWith('.js'));
for (const file of scripts) {
  console.log(`${relative(root, file).padEnd(48)} ${kb(statSync(file).size).padStart(10)}  gzip ${kb(gzipSize(file)).padStart(9)}`);
}
const iife = gzipSize(join(widgetDist, 'sso-widget.iife.js'));
const esAll = scripts.filter((path) => !path.endsWith('.iife.js')).reduce((sum, path) => sum + gzipSize(path), 0);
console.log(`whole script, gzip: IIFE ${kb(iife)} (budget ${SIZE_BUDGET.iife.label}), ES with its chunks ${kb(esAll)} (budget ${SIZE_BUDGET.all.label})`);
if (iife > SIZE_BUDGET.iife.bytes || esAll > SIZE_BUDGET.all.bytes) {
  // size-limit (.size-limit.mjs) enforces the budgets; this names them. A note, not a warning: a
  // newcomer's first `npm start` builds the widget and must not read as broken.
  console.log(`note: over the design's gzip budget; where the bytes go: docs/performance.md (npm run test:size enforces it with .size-limit.mjs)`);
}

// Which files of the built widget library a browser fetches: the entry script and the chunks it
// imports statically (all needed before the login form is interactive), and the chunks it imports
// lazily (sm-crypto, loaded when a password is first encrypted). Plain ESM, so that size-limit's
// config (.size-limit.mjs) reads it as it is; bench/widget-size.ts and the bench use it too, and
// widget-chunks.d.mts gives the TypeScript callers its types.
import fs from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;

function importsOf(file) {
  const code = fs.readFileSync(file, 'utf8');
  const resolve = (spec) => path.resolve(path.dirname(file), spec);
  return {
    statics: [...code.matchAll(STATIC_IMPORT)].map((m) => resolve(m[1])),
    dynamics: [...code.matchAll(DYNAMIC_IMPORT)].map((m) => resolve(m[1])),
  };
}

function closure(entry, followDynamic) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || !file.endsWith('.js') || !fs.existsSync(file)) continue;
    seen.add(file);
    const { statics, dynamics } = importsOf(file);
    queue.push(...statics, ...(followDynamic ? dynamics : []));
  }
  return [...seen];
}

/** Absolute paths: every file the entry reaches, those it reaches by static imports only, and the classic-script build. */
export function widgetFiles(distDir, entry = 'sso-widget.js') {
  const entryPath = path.resolve(distDir, entry);
  if (!fs.existsSync(entryPath)) throw new Error(`${entryPath} is missing: build the library first`);
  return { all: closure(entryPath, true), beforeInteractive: closure(entryPath, false), iife: path.resolve(distDir, 'sso-widget.iife.js') };
}

// The size budget check (npm run test:size) relies on this split of the library into what runs
// before the login form is interactive and what is loaded lazily.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { measureWidgetSize } from '../../bench/widget-size.ts';

function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'widget-size-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('static imports count before interactive, dynamic imports only in the whole library', () => {
  const dir = fixture({
    // Minified output as the library build writes it: no spaces, backticks in import().
    'sso-widget.js': 'import{a as b}from"./chunks/runtime.js";import"./chunks/side.js";export*from"./chunks/re.js";const l=()=>import(`./chunks/sm-crypto.js`);',
    'chunks/runtime.js': 'export const a=1;',
    'chunks/side.js': 'console.log(1);',
    'chunks/re.js': 'export const c=1;const d=()=>import("./deep.js");',
    'chunks/deep.js': 'export default 2;',
    'chunks/sm-crypto.js': 'import{a}from"./runtime.js";export const sm2=a;',
    'chunks/unused.js': 'export const never=1;',
  });
  try {
    const size = measureWidgetSize(dir);
    assert.deepEqual(size.beforeInteractive.files.sort(), ['chunks/re.js', 'chunks/runtime.js', 'chunks/side.js', 'sso-widget.js']);
    assert.deepEqual(size.all.files.sort(), [
      'chunks/deep.js', 'chunks/re.js', 'chunks/runtime.js', 'chunks/side.js', 'chunks/sm-crypto.js', 'sso-widget.js',
    ]);
    const bytes = (names: string[]) => names.map((name) => fs.readFileSync(path.join(dir, name)));
    const before = bytes(size.beforeInteractive.files);
    assert.equal(size.beforeInteractive.raw, before.reduce((sum, b) => sum + b.length, 0));
    // Each file travels, and is compressed, on its own.
    assert.equal(size.beforeInteractive.gzip, before.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0));
    assert.ok(size.all.brotli > size.beforeInteractive.brotli);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing library entry is reported with its path and what to do', () => {
  const dir = fixture({});
  try {
    assert.throws(() => measureWidgetSize(dir), new RegExp(`${path.join(dir, 'sso-widget.js')} is missing: build the library first`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Every repository path the documentation names in backticks exists: a file moved or renamed
// leaves no reader following a dead path. A token counts as a path when it starts with one of the
// source folders (server/, widget/, contract/, test/, scripts/, bench/, portal/, demo/), or names a
// source file (.ts, .tsx, .mjs, .sql, .lua); a path relative to the folder a page is about
// (`stores/password-reset.ts`, `define.ts`) must be the end of some repository path.
// Placeholders (`<file>`), `*`, `**` and `{a,b}` match as they read.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/start-server.ts';

const DOCUMENTS = [
  ...fs.readdirSync(path.join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
  'README.md',
  'contract/README.md',
];

const SOURCE_FOLDERS = ['server/', 'widget/', 'contract/', 'test/', 'scripts/', 'bench/', 'portal/', 'demo/'];
const SOURCE_FILE = /\.(ts|tsx|mjs|sql|lua)$/;

/** Build output and generated files the docs describe: not in the repository by design. */
const GENERATED = [/^dist\//, /^bench\/results\.json$/, /\[hash\]/];

/** Folders never walked: dependencies, build output, local data. */
const NOT_SOURCE = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results']);

function repositoryPaths(): string[] {
  const paths: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      paths.push(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
  return paths;
}

/** The path as a pattern: <placeholder> one segment, * within a segment, ** any depth, {a,b} either. */
function pathPattern(written: string): string {
  let pattern = '';
  for (let i = 0; i < written.length; i += 1) {
    const rest = written.slice(i);
    const placeholder = rest.match(/^<[^>]+>/);
    const choice = rest.match(/^\{([^}]+)\}/);
    if (placeholder) {
      pattern += '[^/]+';
      i += placeholder[0].length - 1;
    } else if (choice) {
      pattern += `(?:${choice[1]!.split(',').map((c) => c.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('|')})`;
      i += choice[0].length - 1;
    } else if (rest.startsWith('**/')) {
      pattern += '(?:.*/)?';
      i += 2;
    } else if (rest.startsWith('*')) {
      pattern += '[^/]*';
    } else {
      pattern += written[i]!.replace(/[.+?^$()|[\]\\]/g, '\\$&');
    }
  }
  return pattern.replace(/\/$/, '');
}

interface Citation {
  document: string;
  line: number;
  written: string;
}

function citedPaths(): Citation[] {
  const citations: Citation[] = [];
  for (const document of DOCUMENTS) {
    const lines = fs.readFileSync(path.join(REPO_ROOT, document), 'utf8').split('\n');
    lines.forEach((text, index) => {
      for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
        for (const token of span!.split(/\s+/)) {
          const written = token.replace(/^[("']+/, '').replace(/[)"'.,:;]+$/, '');
          // A leading dot is a file-name ending (`.sql.ts`), not a path.
          if (written.includes('://') || written.startsWith('.') || GENERATED.some((g) => g.test(written))) continue;
          if (SOURCE_FOLDERS.some((folder) => written.startsWith(folder)) || SOURCE_FILE.test(written)) {
            citations.push({ document, line: index + 1, written });
          }
        }
      }
    });
  }
  return citations;
}

describe('paths named in the documentation', () => {
  const paths = repositoryPaths();
  const exists = (written: string) => {
    const pattern = pathPattern(written);
    const fromRoot = SOURCE_FOLDERS.some((folder) => written.startsWith(folder));
    // From the root when it starts at a source folder; else relative to the folder the page is about.
    const matcher = new RegExp(fromRoot ? `^${pattern}$` : `(?:^|/)${pattern}$`);
    return paths.some((p) => matcher.test(p));
  };

  it('finds the paths it checks (the scan reads the docs)', () => {
    const cited = citedPaths().map((c) => c.written);
    assert.ok(cited.includes('contract/api.ts') || cited.length > 50, `only ${cited.length} paths found`);
    assert.ok(exists('server/app.ts') && exists('test/server/<slice>/<file>.test.ts') && !exists('server/no-such-file.ts'));
  });

  it('every source path in docs/*.md, README.md and contract/README.md exists', () => {
    const missing = citedPaths().filter((c) => !exists(c.written)).map((c) => `${c.document}:${c.line} ${c.written}`);
    assert.deepEqual(missing, []);
  });
});

// npm start / npm run admin: builds what is missing or older than its sources, then exits, so
// that the server itself runs as plain `node dist/server/main.js` (no TypeScript loader in it).
// A fresh clone has no dist/ and builds everything once; after that a start that changed
// nothing costs one walk over the source folders. `--server` checks only the compiled server
// (the admin CLI needs nothing else).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface BuildPart {
  script: string;
  /** What the build writes; missing or older than any source means: build. */
  output: string;
  /** Folders and files it is built from (missing ones are ignored). */
  sources: string[];
}

const SHARED = ['contract', 'package-lock.json', 'tsconfig.json'];

export const BUILD_PARTS: BuildPart[] = [
  { script: 'build:portal', output: 'dist/portal/index.html', sources: ['portal', 'demo', 'widget', 'vite.config.ts', 'scripts/precompress.ts', ...SHARED] },
  {
    script: 'build:widget',
    output: 'dist/widget/sso-widget.js',
    sources: ['widget', 'vite.lib.config.ts', 'scripts/build-widget-meta.ts', 'scripts/precompress.ts', ...SHARED],
  },
  // widget/ too: the server imports a few shared rules from it (phone pattern).
  { script: 'build:server', output: 'dist/server/main.js', sources: ['server', 'widget/core', 'scripts/build-server.ts', ...SHARED] },
];

function newestMtime(entry: string): number {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function staleParts(parts = BUILD_PARTS): BuildPart[] {
  return parts.filter((part) => {
    const output = path.join(ROOT, part.output);
    if (!fs.existsSync(output)) return true;
    const builtAt = fs.statSync(output).mtimeMs;
    return part.sources.some((source) => newestMtime(source) > builtAt);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const parts = process.argv.includes('--server') ? BUILD_PARTS.filter((p) => p.script === 'build:server') : BUILD_PARTS;
  for (const part of staleParts(parts)) {
    console.log(`${part.output} is missing or older than its sources: npm run ${part.script}`);
    const result = spawnSync('npm', ['run', part.script], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`npm run ${part.script} failed`);
      process.exit(result.status ?? 1);
    }
  }
}

// npm run build:server: compiles the server (main.ts, the process; cli.ts, the admin commands) into
// plain JavaScript in dist/server, so that the running process needs no TypeScript loader (tsx
// kept an esbuild child and its own module graph resident: 160-179 MB at idle). Our code is bundled
// into one file per entry; node_modules stay external (native addons such as better-sqlite3 and
// argon2 load as they are). No code splitting: every module of a bundle then shares the bundle's
// import.meta.url, and the seed files the server reads beside its source (server/seed) are copied
// to dist/server/seed, where server/seed/seed-dir.ts finds them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVER_ENTRIES = ['server/main.ts', 'server/cli.ts'];
const SEED_FILES = ['demo-data.json', 'app-logos'];

export async function buildServer(outDir = path.join(ROOT, 'dist', 'server')): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const name of SEED_FILES) {
    fs.cpSync(path.join(ROOT, 'server', 'seed', name), path.join(outDir, 'seed', name), { recursive: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log('server compiled to dist/server (main.js, cli.js)');
}

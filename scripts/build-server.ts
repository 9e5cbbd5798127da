// npm run build:server: compiles the server (main.ts, the process; cli.ts, the admin commands) into
// plain JavaScript in dist/server, so that the running process needs no TypeScript loader (tsx
// kept an esbuild child and its own module graph resident: 160-179 MB at idle).
//
// Dependencies are bundled too: Node then reads a few files instead of resolving and compiling
// hundreds of modules one by one (start time, and heap: docs/performance.md). Left in
// node_modules, loaded as they are: the native addons (better-sqlite3, @node-rs/argon2), and the
// clients of the scaled-out mode, ioredis and pg, loaded only when Redis or PostgreSQL is
// configured (ioredis finds its own package.json through __dirname, which a bundle does not have);
// and oidc-provider, loaded on the first OpenID Connect request: it runs as certified, untouched.
// Bundled and minified it broke: it reads its token lifetimes by class name (ttl[this.name]), and
// minifying drops the names of its class expressions, so every token request answered 500.
// (esbuild's keepNames would keep them, at 2-4 MB more resident memory for the whole bundle.)
// What is loaded with import() (our provider module on the first OIDC request, zxcvbn on the first
// password check) goes into chunks of its own, next to the entries in dist/server, so that every
// module keeps dist/server as its import.meta.url's folder: the seed files the server reads beside
// its source (server/seed) are copied to dist/server/seed, where server/seed/seed-dir.ts finds them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVER_ENTRIES = ['server/main.ts', 'server/cli.ts'];
/** Loaded from node_modules at run time (see above); samlify and its XML signature stack too, as published. */
export const SERVER_EXTERNALS = ['better-sqlite3', '@node-rs/argon2', 'ioredis', 'pg', 'oidc-provider', 'samlify', 'xml-crypto', '@xmldom/xmldom'];
const SEED_FILES = ['demo-data.json', 'app-logos'];

export async function buildServer(outDir = path.join(ROOT, 'dist', 'server')): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    external: SERVER_EXTERNALS,
    splitting: true,
    // The source text of every loaded module stays in V8's heap (for lazy compilation): without
    // whitespace and with simpler syntax it is a third smaller. Identifiers are kept, so that
    // stack traces and the names some libraries read from functions stay as they are.
    minifyWhitespace: true,
    minifySyntax: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    legalComments: 'none',
    // Bundled CommonJS packages call require() for Node's built-ins and for the externals.
    banner: { js: "import { createRequire as __ssoCreateRequire } from 'node:module'; const require = __ssoCreateRequire(import.meta.url);" },
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

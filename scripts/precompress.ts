// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the given build
// directories, once at build time, so the server (server/server.ts, @fastify/static preCompressed)
// sends the widget and portal scripts compressed without compressing on every request. A copy
// that would not be smaller is not written (the server then sends the file itself).
// Usage: node --import tsx scripts/precompress.ts dist/widget [dist/portal ...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function precompress(dir: string): { files: number; raw: number; brotli: number; gzip: number } {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  for (const file of files(dir)) {
    if (!TEXT_FILE.test(file)) continue;
    const raw = fs.readFileSync(file);
    // Leftovers of an earlier build are replaced or removed, never served for a changed file.
    fs.rmSync(`${file}.br`, { force: true });
    fs.rmSync(`${file}.gz`, { force: true });
    if (raw.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gzip = zlib.gzipSync(raw, { level: 9 });
    if (brotli.length < raw.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < raw.length) fs.writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.raw += raw.length;
    totals.brotli += Math.min(brotli.length, raw.length);
    totals.gzip += Math.min(gzip.length, raw.length);
  }
  return totals;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const dir of process.argv.slice(2)) {
  if (!fs.existsSync(dir)) continue;
  const t = precompress(dir);
  console.log(`${dir}: ${t.files} files, ${kb(t.raw)} -> brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
}

// The built files are sent precompressed (scripts/precompress.ts at build time, @fastify/static
// preCompressed) and cached by kind: hashed chunks immutable for a year, fixed names revalidated.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { REPO_ROOT, startServer, type StartedServer } from '../../helpers/start-server.ts';

const run = promisify(execFile);

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('precompressed and cached static files', () => {
  let server: StartedServer;
  let dist: string;
  const entry = `export const text = ${JSON.stringify('统一身份认证 '.repeat(400))};\n`;
  const chunk = `export const chunk = ${JSON.stringify('sm2 '.repeat(600))};\n`;
  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-compress-'));
    fs.mkdirSync(path.join(dist, 'portal', 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'widget', 'chunks'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'portal', 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist, 'portal', 'assets', 'portal-Ab3_x-9Z.js'), chunk);
    fs.writeFileSync(path.join(dist, 'widget', 'sso-widget.js'), entry);
    fs.writeFileSync(path.join(dist, 'widget', 'chunks', 'sm-crypto-CMxq2vHZ.js'), chunk);
    await run(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts', path.join(dist, 'widget'), path.join(dist, 'portal')], { cwd: REPO_ROOT });
    server = await startServer({ distDir: dist });
  });
  after(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true });
  });

  it('the build step wrote .br and .gz copies next to the files worth compressing, none for tiny ones', () => {
    assert.ok(fs.existsSync(path.join(dist, 'widget', 'sso-widget.js.br')));
    assert.ok(fs.existsSync(path.join(dist, 'widget', 'sso-widget.js.gz')));
    assert.ok(!fs.existsSync(path.join(dist, 'portal', 'index.html.br')));
  });

  it('sends brotli, gzip or the file itself by Accept-Encoding, always with Vary: Accept-Encoding', async () => {
    const url = `${server.url}/widget/sso-widget.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(zlib.brotliDecompressSync(br.body).toString(), entry);
    assert.ok(br.body.length < Buffer.byteLength(entry) / 5);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gz.body).toString(), entry);

    const plain = await get(url, { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), entry);
    assert.match(String(plain.headers.vary), /accept-encoding/i);
  });

  it('hashed chunks are immutable for a year; the widget entry and the page revalidate (ETag, 304)', async () => {
    for (const url of ['/widget/chunks/sm-crypto-CMxq2vHZ.js', '/assets/portal-Ab3_x-9Z.js']) {
      const answer = await get(server.url + url, { 'accept-encoding': 'br' });
      assert.equal(answer.status, 200, url);
      assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable', url);
    }
    const first = await get(`${server.url}/widget/sso-widget.js`, { 'accept-encoding': 'br' });
    assert.equal(first.headers['cache-control'], 'public, max-age=0');
    assert.ok(first.headers.etag);
    const again = await get(`${server.url}/widget/sso-widget.js`, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    assert.equal(again.status, 304);
    const page = await get(`${server.url}/`, { accept: 'text/html', 'accept-encoding': 'br' });
    assert.equal(page.status, 200);
    assert.notEqual(page.headers['cache-control'], 'public, max-age=31536000, immutable');
  });
});

// The security headers without @fastify/helmet (server/http/security-headers.ts): JSON answers
// get the locked-down CSP, nosniff and the referrer policy; pages and scripts also get the
// document defaults (framing only by the same origin, COOP, cross-origin loading of the widget).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_HEADERS, PAGE_POLICY, RESOURCE_POLICY } from '../../../server/http/security-headers.ts';
import { startServer, type StartedServer } from '../../helpers/start-server.ts';

describe('security headers', () => {
  let server: StartedServer;
  let dist: string;
  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-headers-'));
    fs.mkdirSync(path.join(dist, 'portal'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'widget'));
    fs.writeFileSync(path.join(dist, 'portal', 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(dist, 'widget', 'sso-widget.js'), 'export {}');
    server = await startServer({ distDir: dist });
  });
  after(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true });
  });

  it('an API answer: resource CSP, nosniff, referrer policy; none of the document-only headers', async () => {
    for (const url of ['/api/centerAuth/sso/isLogin', '/api/no/such/route']) {
      const answer = await fetch(server.url + url);
      assert.equal(answer.headers.get('content-security-policy'), RESOURCE_POLICY, url);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(answer.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.equal(answer.headers.get('x-frame-options'), null);
      assert.equal(answer.headers.get('strict-transport-security'), null, 'HSTS only over https');
    }
  });

  it('the portal page and the widget script: page CSP or resource CSP plus the document defaults', async () => {
    const page = await fetch(server.url + '/', { headers: { accept: 'text/html' } });
    assert.equal(page.headers.get('content-security-policy'), PAGE_POLICY);
    const script = await fetch(server.url + '/widget/sso-widget.js');
    assert.equal(script.headers.get('content-security-policy'), RESOURCE_POLICY);
    for (const answer of [page, script]) {
      for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) assert.equal(answer.headers.get(name), value, name);
      assert.equal(answer.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('HSTS over https (behind a trusted proxy)', async () => {
    const proxied = await startServer({ trustProxy: 1 });
    try {
      const answer = await fetch(proxied.url + '/api/centerAuth/sso/isLogin', { headers: { 'x-forwarded-proto': 'https' } });
      assert.equal(answer.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});

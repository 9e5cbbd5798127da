// Every error code and text a client sees comes from contract/ (issue 24): no server file writes
// an AU code of its own, the HTTP-level texts are the contract's, and a 404 outside /api answers the
// contract's 接口不存在 like one under /api (it once answered 资源不存在).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HttpMessages, RequestMessages } from '../../../contract/errors.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

function serverFiles(dir = path.join(REPO_ROOT, 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('error codes and texts live in contract/', () => {
  it('no server file writes an AU code', () => {
    const writers = serverFiles().filter((file) => /['"`]AU\d{5}['"`]/.test(fs.readFileSync(file, 'utf8')));
    assert.deepEqual(writers.map((file) => path.relative(REPO_ROOT, file)), []);
  });

  it('no server file writes the request-validation texts or a 404 text of its own', () => {
    const texts = [HttpMessages.notFound, '资源不存在', HttpMessages.originRefused, RequestMessages.badParameters, RequestMessages.badRequest,
      RequestMessages.badBody, RequestMessages.badUrl, RequestMessages.bodyTooLarge, RequestMessages.unsupportedMediaType, '缺少参数', '不支持的参数'];
    for (const file of serverFiles()) {
      const code = fs.readFileSync(file, 'utf8').split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)).join('\n');
      for (const text of texts) assert.ok(!code.includes(text), `${path.relative(REPO_ROOT, file)} writes ${text}`);
    }
  });

  it('the auth, catalog and http slices write no Chinese text of their own (contract/ holds them)', () => {
    const slices = ['auth', 'catalog', 'http'].map((slice) => path.join(REPO_ROOT, 'server', slice));
    for (const file of slices.flatMap((dir) => serverFiles(dir))) {
      const code = fs.readFileSync(file, 'utf8').split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)).map((line) => line.replace(/\/\/.*$/, ''));
      const texts = code.filter((line) => /[\u4e00-\u9fff]/.test(line));
      assert.deepEqual(texts, [], path.relative(REPO_ROOT, file));
    }
  });
});

for (const backend of testBackends()) {
  describe(`404 answers (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('outside /api and under it: the contract\'s text', async () => {
      for (const url of ['/no-such-file.png', '/api/no-such-call']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(res.json(), { code: 404, msg: '接口不存在', data: null }, url);
      }
    });
  });
}

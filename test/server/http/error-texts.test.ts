// Every error code and text a client sees comes from contract/ (issue 24): no server file writes
// an AU code of its own, the HTTP-level texts are the contract's, and a 404 outside /api answers the
// contract's 接口不存在 like one under /api (it once answered 资源不存在). Every Chinese text a client
// can see (pages, refusals, field texts, error descriptions, names) is contract/'s too: the only
// Chinese left in server/ is what the server prints to its own output (SERVER_OUTPUT_ONLY).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { transformSync } from 'esbuild';
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

const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/**
 * The Chinese texts in a TypeScript file's code, each with up to 30 characters of code either side.
 * esbuild parses the file and prints it without comments or types (minified, legal comments too),
 * so a // in a string or a quote in a regular expression cannot hide a text or fake a comment.
 */
function chineseInCode(source: string): string[] {
  const { code } = transformSync(source, { loader: 'ts', charset: 'utf8', legalComments: 'none', minifyWhitespace: true });
  const found: string[] = [];
  for (const match of code.matchAll(new RegExp(`${CHINESE.source}(?:[^"'\`]*${CHINESE.source})?`, 'g'))) {
    found.push(code.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30));
  }
  return found;
}

/**
 * Chinese a server file may write because no client ever sees it: each entry names a fragment of
 * the code line, so any other Chinese in the same file still fails.
 */
const SERVER_OUTPUT_ONLY: Record<string, readonly string[]> = {
  // Start-up failures, on the server's own stderr (console.error) before anything listens.
  'server/main.ts': ['配置错误 / configuration error', '启动失败：无法连接'],
  // The setup banner: a one-time secret link printed to the start log only, never to a client.
  'server/console/first-start.ts': ['尚未设置管理员 / No administrator yet'],
  // The admin CLI's usage and password prompt, on the operator's terminal.
  'server/cli.ts': ['用法 / usage'],
  'server/cli-password.ts': ['再输入一次 / again', '两次输入的密码不一致 / the two passwords differ'],
  'server/oidc/oidc-cli.ts': ['[--name <显示名>]'],
  'server/cas/protocol-cli.ts': ['[--name <显示名>]'],
  'server/saml/saml-cli.ts': ['[--name <显示名>]'],
  // The demo accounts' notes, printed to the development start log (main.ts).
  'server/seed/import.ts': ['note:"'],
  // Values of ip2region's offline database the lookup compares with; it writes none of its own.
  'server/account/ip-place.ts': ['"内网IP"', '"保留"', '"中国"'],
};

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

  it('no server file writes Chinese text of its own: a client sees only contract/\'s', () => {
    const problems = serverFiles().flatMap((file) => {
      const name = path.relative(REPO_ROOT, file).split(path.sep).join('/');
      const allowed = SERVER_OUTPUT_ONLY[name] ?? [];
      return chineseInCode(fs.readFileSync(file, 'utf8'))
        .filter((line) => !allowed.some((fragment) => line.includes(fragment)))
        .map((line) => `${name}: ${line}`);
    });
    assert.deepEqual(problems, []);
  });

  it('the check finds a text in code, not one in a comment', () => {
    assert.deepEqual(chineseInCode("// 退出登录\n/** 登录失败 */\nconst a = 'https://x/'; // 继续\nconst re = /['\"]/g; /* 同意 */"), []);
    const [found, ...more] = chineseInCode("const url = 'https://x'; // a\nconst t = '登录失败';");
    assert.ok(found?.includes('"登录失败"') && more.length === 0, found);
    const inTemplate = chineseInCode('export const t = (name: string) => `应用「${name}」请求`;');
    assert.equal(inTemplate.length, 1);
    assert.ok(inTemplate[0]!.includes('应用「${name}」请求'), inTemplate[0]);
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

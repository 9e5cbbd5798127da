// A deployment's SSO_ENC_KEY and SSO_SIGN_SECRET reach the widget build as well as the server
// (widget/build-defines.ts): the widget's own Enc-Flag and signature code, compiled with the build's
// defines, is understood by a server started with the same environment. Before, the widget build
// never defined them and silently kept the development key.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { widgetBuildDefines } from '../../../widget/build-defines.ts';

const ENC_KEY = 'CustomEncKey#001';
const SIGN_SECRET = 'custom-sign-secret-for-this-test';

/** widget/core/enc-flag.ts and signature.ts as the widget build compiles them, with its defines. */
async function compiledWidgetCrypto(env: NodeJS.ProcessEnv) {
  const result = await build({
    stdin: {
      contents: `export { encryptText, decryptText } from './widget/core/enc-flag.ts';
                 export { signatureHeaders } from './widget/core/signature.ts';`,
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    define: widgetBuildDefines(env),
    logLevel: 'silent',
  });
  const source = result.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as {
    encryptText(plain: string): string;
    decryptText(base64: string): string;
    signatureHeaders(now?: number): Record<string, string>;
  };
}

describe('a non-default SSO_ENC_KEY and SSO_SIGN_SECRET, widget build to server', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp(testBackends()[0]!, { encKey: ENC_KEY, signSecret: SIGN_SECRET });
  });
  after(() => t.close());

  it('the library and portal builds take their defines from the environment', async () => {
    const previous = { enc: process.env.SSO_ENC_KEY, sign: process.env.SSO_SIGN_SECRET };
    process.env.SSO_ENC_KEY = ENC_KEY;
    process.env.SSO_SIGN_SECRET = SIGN_SECRET;
    try {
      const lib = (await import(`${path.join(REPO_ROOT, 'vite.lib.config.ts')}?env=custom`)).default as { define: Record<string, string> };
      assert.equal(lib.define.__SSO_ENC_KEY__, JSON.stringify(ENC_KEY));
      assert.equal(lib.define.__SSO_SIGN_SECRET__, JSON.stringify(SIGN_SECRET));
    } finally {
      process.env.SSO_ENC_KEY = previous.enc ?? '';
      process.env.SSO_SIGN_SECRET = previous.sign ?? '';
      if (previous.enc === undefined) delete process.env.SSO_ENC_KEY;
      if (previous.sign === undefined) delete process.env.SSO_SIGN_SECRET;
    }
  });

  it('an Enc-Flag request the widget encrypts is read by the server, and its answer by the widget', async () => {
    const widget = await compiledWidgetCrypto({ SSO_ENC_KEY: ENC_KEY });
    const browser = t.client();
    const login = await browser.post('/api/centerAuth/sso/doLogin', {
      json: { encryption: widget.encryptText(JSON.stringify({ name: 'zhangwei', pwd: await browser.encrypt('Sso@2026demo'), loginType: 0 })) },
      headers: { 'enc-flag': 'true' },
    });
    assert.equal(login.body.code, 200, `the server decrypted the body: ${login.body.msg}`);
    assert.equal(JSON.parse(widget.decryptText(login.body.encryption!)).username, 'zhangwei');
  });

  it('the same request from a widget built with the development key is refused, not misread', async () => {
    const stale = await compiledWidgetCrypto({});
    const answer = await t.client().post('/api/centerAuth/sso/doLogin', {
      json: { encryption: stale.encryptText(JSON.stringify({ name: 'zhangwei' })) },
      headers: { 'enc-flag': 'true' },
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.msg, '加密报文无法解析');
  });

  it('the tenant-list signature the widget computes passes the server check', async () => {
    const widget = await compiledWidgetCrypto({ SSO_SIGN_SECRET: SIGN_SECRET });
    const answer = await t.client().get('/api/tenant/list', { headers: widget.signatureHeaders(t.clock.now()), xsrf: false });
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body.data));
  });
});

// Test-runner plugin for the widget tests.
// 1. /__test/echo/**: answers every request with the request itself (method, path, query, headers,
//    raw body) in the contract's envelope; an Enc-Flag request gets its answer AES-encrypted the
//    way the contract says (node:crypto here, so the browser's crypto-js is checked independently).
// 2. /__test/reply/<status>/<base64url body|->/**: answers that HTTP status and body, for the rows
//    of the error catalogue no real server can be asked to produce on demand (423, 424, 5xx ...).
// 3. When test/helpers/start-server.ts exists: starts the real API server on 127.0.0.1:0 for the
//    run (WeCom / Feishu pointed at the fake upstream of test/helpers/fake-messengers.ts) and
//    proxies /api and /assets to it; /__test/sms?phone= reads the SMS outbox it writes;
//    /__test/messenger-code teaches the fake upstream a code.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';

const ENC_KEY = process.env.SSO_ENC_KEY || 'SsoPortalEncKey1';
const SIGN_SECRET = process.env.SSO_SIGN_SECRET || 'SsoPortalSignSecret';

function readBody(req) {
  return new Promise((resolveBody, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function aesCfbBase64(text) {
  const key = Buffer.from(ENC_KEY, 'utf8');
  const cipher = createCipheriv('aes-128-cfb', key, key);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

// Like the real SDKs, the stubs draw an untitled frame: the panel must title it (axe frame-title).
const SDK_STUBS = {
  'wecom.js': `window.__qrSdkCalls = window.__qrSdkCalls || [];
window.WwLogin = function (options) {
  window.__qrSdkCalls.push({ sdk: 'wecom', options: options });
  var frame = document.createElement('iframe');
  document.getElementById(options.id).appendChild(frame);
};`,
  'feishu.js': `window.__qrSdkCalls = window.__qrSdkCalls || [];
window.QRLogin = function (options) {
  window.__qrSdkCalls.push({ sdk: 'feishu', options: options });
  var frame = document.createElement('iframe');
  document.getElementById(options.id).appendChild(frame);
  return {
    matchOrigin: function (origin) { return origin === 'https://passport.feishu.cn'; },
    matchData: function (data) { return !!data && typeof data.tmp_code === 'string'; }
  };
};`,
};

function aesCfbDecrypt(base64) {
  const key = Buffer.from(ENC_KEY, 'utf8');
  const decipher = createDecipheriv('aes-128-cfb', key, key);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

/** What the echo knows independently of the browser code: the decrypted body, the expected signature. */
function checks(headers, body) {
  const result = {};
  if (headers['enc-flag'] === 'true') {
    try { result.decrypted = aesCfbDecrypt(JSON.parse(body).encryption); } catch { result.decrypted = null; }
  }
  if (headers.signature) {
    result.expectedSignature = createHash('md5')
      .update(SIGN_SECRET + headers.nonce + headers.url + headers.timestamp, 'utf8').digest('hex');
  }
  return result;
}

function proxy(ctx, target) {
  return new Promise((resolveProxy, reject) => {
    const url = new URL(ctx.originalUrl, target);
    // The Host header stays the page's (as behind a reverse proxy): the server derives group URLs from it.
    const headers = { ...ctx.req.headers };
    const upstream = httpRequest(url, { method: ctx.method, headers }, (res) => {
      ctx.status = res.statusCode ?? 502;
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined && name !== 'transfer-encoding' && name !== 'connection') ctx.set(name, value);
      }
      ctx.body = res;
      resolveProxy();
    });
    upstream.on('error', reject);
    ctx.req.pipe(upstream);
  });
}

/** Returns the dev-server middleware (runs before static files) and the plugin owning the real server. */
export function testApi({ rootDir, haveRealServer }) {
  let realServer = null;
  let messengers = null;
  const plugin = {
    name: 'sso-test-api',
    async serverStart() {
      if (haveRealServer) {
        const { tsImport } = await import('tsx/esm/api');
        const helpers = join(rootDir, 'test/helpers');
        const { startServer } = await tsImport(join(helpers, 'start-server.ts'), import.meta.url);
        const { startFakeMessengers } = await tsImport(join(helpers, 'fake-messengers.ts'), import.meta.url);
        messengers = await startFakeMessengers();
        // Generous limits: many tests of one run share this server and the browser's one IP.
        realServer = await startServer({
          weComBaseUrl: messengers.url,
          feishuBaseUrl: messengers.url,
          sensitivePerMinute: 10_000,
          userLookupPerMinute: 10_000,
          smsResendCooldownMs: 0,
          smsDailyCap: 10_000,
        });
      }
    },
    async serverStop() {
      if (realServer) await realServer.close();
      if (messengers) await messengers.close();
    },
  };
  const middleware = async (ctx, next) => {
    const path = ctx.path;
    if (path.startsWith('/__test/echo/')) {
      const body = (await readBody(ctx.req)).toString('utf8');
      const data = {
        method: ctx.method,
        path: path.slice('/__test/echo'.length),
        query: ctx.querystring,
        headers: ctx.req.headers,
        body,
        ...checks(ctx.req.headers, body),
      };
      ctx.set('X-XSRF-TOKEN', 'echo-xsrf-token');
      ctx.type = 'application/json';
      ctx.body = ctx.get('enc-flag') === 'true'
        ? JSON.stringify({ code: 200, msg: 'success', encryption: aesCfbBase64(JSON.stringify(data)) })
        : JSON.stringify({ code: 200, msg: 'success', data });
      return;
    }
    const reply = /^\/__test\/reply\/(\d{3})\/([^/]+)/.exec(path);
    if (reply) {
      await readBody(ctx.req);
      const text = reply[2] === '-' ? '' : Buffer.from(reply[2], 'base64url').toString('utf8');
      ctx.status = Number(reply[1]);
      let isJson = true;
      try { JSON.parse(text); } catch { isJson = false; }
      ctx.type = isJson ? 'application/json' : 'application/octet-stream';
      ctx.body = text;
      return;
    }
    if (path.startsWith('/__test/hang/')) {
      // Never answers; the client's timeout has to end the request.
      await new Promise((resolveHang) => ctx.req.on('close', resolveHang));
      ctx.status = 204;
      return;
    }
    if (path.startsWith('/__test/image/')) {
      // A small valid SVG (for the carousel); /__test/image/broken answers 404 instead.
      if (path === '/__test/image/broken') { ctx.status = 404; ctx.body = 'missing'; return; }
      ctx.type = 'image/svg+xml';
      ctx.body = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#36c"/></svg>';
      return;
    }
    if (path.startsWith('/__test/sdk/')) {
      // Stand-ins for the WeCom / Feishu QR SDKs (no outside network here): they record the
      // options they get and draw a frame into the container found by id, as the real ones do.
      ctx.type = 'application/javascript';
      ctx.body = SDK_STUBS[path.slice('/__test/sdk/'.length)] ?? '/* defines nothing */';
      return;
    }
    if (path === '/__test/real-server') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ available: realServer !== null });
      return;
    }
    if (path === '/__test/sms' && realServer) {
      // The last SMS code the real server "sent" to ?phone= (its development outbox).
      let text = '';
      try { text = await readFile(realServer.config.smsOutboxPath, 'utf8'); } catch { text = ''; }
      const lines = text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
      const last = lines.filter((entry) => entry.phone === ctx.query.phone).pop();
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ code: last?.code ?? null, purpose: last?.purpose ?? null });
      return;
    }
    if (path === '/__test/messenger-code' && messengers) {
      // Teaches the fake WeCom / Feishu upstream a code: ?type=wecom|feishu&code=&identity=
      const { type, code, identity } = ctx.query;
      (type === 'feishu' ? messengers.feishuCodes : messengers.weComCodes).set(String(code), String(identity));
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ ok: true });
      return;
    }
    if (realServer && (path.startsWith('/api/') || path.startsWith('/assets/'))) {
      await proxy(ctx, realServer.url);
      return;
    }
    return next();
  };
  return { plugin, middleware };
}

// A fake WeCom + Feishu upstream on 127.0.0.1 speaking the real protocols, so the code exchange is
// exercised over HTTP. Codes map to identities; token requests are counted to check the cache.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMessengers {
  url: string;
  calls: { weComToken: number; feishuAppToken: number };
  /** WeCom code -> userid; Feishu code -> union_id. */
  weComCodes: Map<string, string>;
  feishuCodes: Map<string, string>;
  /** When set, the next getuserinfo answers "token expired" once (42001). */
  expireWeComTokenOnce: boolean;
  close(): Promise<void>;
}

export async function startFakeMessengers(): Promise<FakeMessengers> {
  const state = {
    calls: { weComToken: 0, feishuAppToken: 0 },
    weComCodes: new Map<string, string>(),
    feishuCodes: new Map<string, string>(),
    expireWeComTokenOnce: false,
  };
  let tokenSerial = 0;
  const validWeComTokens = new Set<string>();
  const userTokens = new Map<string, string>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
      switch (url.pathname) {
        case '/cgi-bin/gettoken': {
          state.calls.weComToken++;
          if (url.searchParams.get('corpsecret') !== 'demo-wecom-secret') return send({ errcode: 40001, errmsg: 'invalid credential' });
          const token = `wecom-token-${++tokenSerial}`;
          validWeComTokens.add(token);
          return send({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
        }
        case '/cgi-bin/auth/getuserinfo': {
          const token = url.searchParams.get('access_token') ?? '';
          if (state.expireWeComTokenOnce) {
            state.expireWeComTokenOnce = false;
            validWeComTokens.delete(token);
          }
          if (!validWeComTokens.has(token)) return send({ errcode: 42001, errmsg: 'access_token expired' });
          const userid = state.weComCodes.get(url.searchParams.get('code') ?? '');
          if (!userid) return send({ errcode: 40029, errmsg: 'invalid code' });
          return send({ errcode: 0, errmsg: 'ok', userid, user_ticket: 'ticket' });
        }
        case '/open-apis/auth/v3/app_access_token/internal': {
          state.calls.feishuAppToken++;
          if (body.app_secret !== 'demo-feishu-secret') return send({ code: 10014, msg: 'app secret invalid' });
          return send({ code: 0, msg: 'ok', app_access_token: `feishu-app-${++tokenSerial}`, expire: 7200 });
        }
        case '/open-apis/authen/v1/oidc/access_token': {
          if (!String(req.headers.authorization ?? '').startsWith('Bearer feishu-app-')) return send({ code: 99991663, msg: 'invalid token' });
          const unionId = state.feishuCodes.get(body.code ?? '');
          if (body.grant_type !== 'authorization_code' || !unionId) return send({ code: 20003, msg: 'invalid code' });
          const userToken = `u-${++tokenSerial}`;
          userTokens.set(userToken, unionId);
          return send({ code: 0, msg: 'success', data: { access_token: userToken, token_type: 'Bearer', expires_in: 6900 } });
        }
        case '/open-apis/authen/v1/user_info': {
          const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
          const unionId = userTokens.get(token);
          if (!unionId) return send({ code: 99991668, msg: 'invalid user token' });
          return send({ code: 0, msg: 'success', data: { name: '张伟', union_id: unionId, open_id: 'ou_x' } });
        }
        default:
          res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

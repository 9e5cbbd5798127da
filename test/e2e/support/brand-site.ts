// A brand site for the embedding journeys: a tiny static server on http://localhost:<port> (another
// site than the SSO server on 127.0.0.1) that sends its own strict Content-Security-Policy and
// serves the page docs/embedding.md tells brand sites to write, unchanged but for the SSO origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrandSite {
  /** http://localhost:<port> */
  origin: string;
  /** Paths requested so far (the callBack page shows up here). */
  requests: string[];
  stop(): Promise<void>;
}

/** The CSP docs/embedding.md asks a brand site to send (exeed offers Feishu QR: its hosts too). */
export function brandPolicy(sso: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${sso} https://wwcdn.weixin.qq.com https://lf-package-cn.feishucdn.com`,
    "style-src 'self'",
    `img-src 'self' data: ${sso}`,
    `connect-src 'self' ${sso}`,
    'frame-src https://open.work.weixin.qq.com https://passport.feishu.cn',
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The guide's page: the two lines to paste, plus the page around them. */
export function embedPage(sso: string, attributes: string, scripts: string[] = [`<script src="${sso}/widget/sso-widget.iife.js"></script>`]): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>星途经销商门户</title>
${scripts.join('\n')}
</head>
<body>
<h1>星途经销商门户</h1>
<sso-login brand="exeed" api-base="${sso}/api" ${attributes}></sso-login>
</body>
</html>`;
}

export async function startBrandSite(pages: (sso: string) => Record<string, string>, sso: string): Promise<BrandSite> {
  const requests: string[] = [];
  const byPath = pages(sso);
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    // __ORIGIN__ stands for the brand site's own origin (a callBack back to it).
    const body = byPath[path]?.replaceAll('__ORIGIN__', `http://${request.headers.host}`);
    response.setHeader('Content-Security-Policy', brandPolicy(sso));
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A plain static page that embeds the widget the way a brand site does (one <script>, one
// <sso-login>), served same-origin with the real server by a small pass-through proxy: the
// widget's relative /api calls then reach the server as they would behind a site's reverse proxy.
import http from 'node:http';
import { forwardRequest } from './forward-request.ts';

export const EMBED_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>品牌站点</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<sso-login brand="default"></sso-login>
<script type="module" src="/widget/sso-widget.js"></script>
</body>
</html>
`;

export interface EmbedProxy {
  /** URL of the static embedding page. */
  pageUrl: string;
  close(): Promise<void>;
}

export async function startEmbedProxy(targetUrl: string): Promise<EmbedProxy> {
  const target = new URL(targetUrl);
  const server = http.createServer((request, response) => {
    if (request.url === '/embed.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(EMBED_PAGE);
      return;
    }
    forwardRequest(request, response, target);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    pageUrl: `http://127.0.0.1:${port}/embed.html`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

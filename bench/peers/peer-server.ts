// The local server the peer bench loads every plain page from: the pages (/peers/<id>.html), the
// vendors' builds (/vendor/...), the fixtures that stand in for the vendors' configuration
// endpoints, and everything else passed through to our real server (its /api and /widget), so
// our element on the brand page talks to the real API same-origin. Requests nobody answers are
// noted: a peer that waits for one of them is named in the report. Our brand page is the exception:
// it loads the script and calls the API on our server's own origin, across origins, as a brand
// site does.
import http from 'node:http';
import { fixtureFor } from './fixture-routes.ts';
import { PEER_PAGES } from './peer-pages.ts';
import { compressed, type VendorFile, type VendorFiles } from './vendor-files.ts';
import { forwardRequest } from '../forward-request.ts';

export interface PeerServer {
  origin: string;
  pageUrl(id: string): string;
  /** Requests answered 404 because no fixture or file matched (method and path). */
  unanswered: Set<string>;
  close(): Promise<void>;
}

const PASS_THROUGH = [/^\/api\/centerAuth\//, /^\/widget\//, /^\/assets\//, /^\/api\/health\//];

export async function startPeerServer(appUrl: string, vendor: VendorFiles): Promise<PeerServer> {
  const target = new URL(appUrl);
  const unanswered = new Set<string>();
  const fixtures = new Map<string, (VendorFile & { cache: string }) | null>();
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const page = PEER_PAGES.find((p) => url.pathname === `/peers/${p.id}.html`);
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(page.html.replaceAll('{{ORIGIN}}', origin).replaceAll('{{SSO_ORIGIN}}', target.origin));
      return;
    }
    // Fixtures travel compressed like the vendors' files (their CDNs compress JSON and HTML too);
    // compressed once per path and kept.
    const fixtureKey = `${request.method} ${url.pathname}`;
    if (!fixtures.has(fixtureKey)) {
      const fixture = fixtureFor(request.method ?? 'GET', url.pathname, origin);
      fixtures.set(fixtureKey, fixture ? { ...compressed(Buffer.from(fixture.body), fixture.type), cache: 'no-store' } : null);
    }
    const fixture = fixtures.get(fixtureKey) ?? null;
    if (fixture) request.resume();
    const file = fixture ?? vendor.get(url.pathname);
    if (file) {
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const [body, encoding] = accepts.includes('br') ? [file.brotli, 'br'] : accepts.includes('gzip') ? [file.gzip, 'gzip'] : [file.raw, null];
      const isCompressed = encoding !== null && body !== file.raw;
      response.writeHead(200, {
        'content-type': file.type,
        'content-length': body.length,
        'cache-control': fixture ? fixture.cache : 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
        ...(isCompressed ? { 'content-encoding': encoding } : {}),
      });
      response.end(body);
      return;
    }
    if (PASS_THROUGH.some((pattern) => pattern.test(url.pathname))) {
      forwardRequest(request, response, target);
      return;
    }
    request.resume();
    if (url.pathname !== '/favicon.ico') unanswered.add(`${request.method} ${url.pathname}`);
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    pageUrl: (id) => `${origin}/peers/${id}.html`,
    unanswered,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

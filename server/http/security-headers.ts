// Security headers on every answer, and the strict Content-Security-Policy on every HTML page the
// server sends (portal, demo, fallback and ticket pages). No 'unsafe-inline' and no 'unsafe-eval':
// the elements style themselves with constructable stylesheets and the built pages load scripts
// and styles from files. The only foreign hosts are the WeCom and Feishu QR panels' (SDK script
// and the iframe it draws), as docs/sso-login.md lists them.
// Pages, scripts and pictures also get the other defaults @fastify/helmet used to add (fixed values,
// set from one table here: helmet rebuilt its ten middlewares on every request, about 13 µs per
// answer, two thirds of a whole hello-world). JSON answers under /api get only what means something
// for them: the locked-down CSP (no framing, nothing runs), nosniff and the referrer policy; the
// document-only headers (X-Frame-Options, COOP, Origin-Agent-Cluster ...) do nothing for JSON.
// HSTS is sent over https only, where it means something.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const QR_SCRIPT_HOSTS = ['https://wwcdn.weixin.qq.com', 'https://lf-package-cn.feishucdn.com'];
export const QR_FRAME_HOSTS = ['https://open.work.weixin.qq.com', 'https://passport.feishu.cn'];

export const PAGE_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${QR_SCRIPT_HOSTS.join(' ')}`,
  "style-src 'self'",
  // Group pictures and app logos may be hosted elsewhere (https); brand artwork is inline SVG.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  `frame-src ${QR_FRAME_HOSTS.join(' ')}`,
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** JSON, scripts and pictures are never documents: nothing may run or frame them. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = 'max-age=31536000; includeSubDomains';

/** helmet 8's defaults, as they were configured here (the widget script is loaded cross-origin). */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  // The widget script is meant to be loaded by brand sites on other origins.
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const DOCUMENT_HEADER_NAMES = Object.keys(DOCUMENT_HEADERS);

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const type = String(reply.getHeader('content-type') ?? '');
  // A 304 has no content type, and the browser merges its headers into the cached answer: a
  // resource policy here would replace the page policy of a cached page and blank it on reload.
  if (reply.statusCode !== 304) reply.header('content-security-policy', type.startsWith('text/html') ? PAGE_POLICY : RESOURCE_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  if (!request.url.startsWith('/api/')) {
    for (const name of DOCUMENT_HEADER_NAMES) reply.header(name, DOCUMENT_HEADERS[name]);
  }
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}

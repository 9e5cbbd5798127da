// Security headers on every answer, and the strict Content-Security-Policy on every HTML page the
// server sends (portal, demo, fallback and ticket pages). No 'unsafe-inline' and no 'unsafe-eval':
// the elements style themselves with constructable stylesheets and the built pages load scripts
// and styles from files. The only foreign hosts are the WeCom and Feishu QR panels' (SDK script
// and the iframe it draws), as docs/sso-login.md lists them.
// @fastify/helmet (app.ts) adds nosniff, X-Frame-Options and the other defaults; HSTS is sent here,
// and only over https, where it means something.
import type { FastifyInstance } from 'fastify';

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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // A 304 has no content type, and the browser merges its headers into the cached answer: a
    // resource policy here would replace the page policy of a cached page and blank it on reload.
    if (reply.statusCode !== 304) reply.header('Content-Security-Policy', type.startsWith('text/html') ? PAGE_POLICY : RESOURCE_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}

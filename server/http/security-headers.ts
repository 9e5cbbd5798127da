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
import type { ServerResponse } from 'node:http';
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

/**
 * The page policy for the OpenID Connect provider's pages whose forms end at an app (the consent
 * page, the logout confirmation, the form_post page): Chromium applies form-action to every
 * redirect after a form submission too, so 'self' alone would stop the 303 to the app's
 * redirect_uri or post_logout_redirect_uri. Those registered origins, and no other, are added.
 */
export function providerPagePolicy(appOrigins: readonly string[]): string {
  let policy = pagePolicies.get(appOrigins);
  if (policy === undefined) {
    policy = PAGE_POLICY.replace("form-action 'self'", ["form-action 'self'", ...appOrigins].join(' '));
    pagePolicies.set(appOrigins, policy);
  }
  return policy;
}

/**
 * The policy of each list of origins, built once: the provider asks on every request with the same
 * list (client-registry.ts formTargetOrigins keeps one array until the clients change). Lists are
 * never changed in place, and a list no one holds any more is forgotten with it.
 */
const pagePolicies = new WeakMap<readonly string[], string>();

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
  // A page that needs a policy of its own sets it (the OpenID Connect consent page: providerPagePolicy).
  if (reply.statusCode !== 304 && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', type.startsWith('text/html') ? PAGE_POLICY : RESOURCE_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  if (!request.url.startsWith('/api/')) {
    for (const name of DOCUMENT_HEADER_NAMES) reply.header(name, DOCUMENT_HEADERS[name]);
  }
}

/**
 * The same headers for an answer written past Fastify (after reply.hijack(): the OpenID Connect
 * provider's pages, its error and form_post pages, its JSON). The page policy is set before the
 * answer is written, so oidc-provider's form_post page can add the hash of its one inline script
 * to it (it extends a CSP it finds); when the head is written, an answer that is no page gets the
 * resource policy instead, and every answer the other headers (all outside /api: documents).
 */
export function secureRawAnswer(res: ServerResponse, https: boolean, pagePolicy = PAGE_POLICY): void {
  res.setHeader('content-security-policy', pagePolicy);
  const writeHead = res.writeHead;
  res.writeHead = function securedWriteHead(this: ServerResponse, ...args: unknown[]) {
    const given = args.find((a): a is Record<string, unknown> => typeof a === 'object' && a !== null && !Array.isArray(a));
    const type = String(given?.['content-type'] ?? given?.['Content-Type'] ?? this.getHeader('content-type') ?? '');
    const policy = String(this.getHeader('content-security-policy') ?? '');
    if (this.statusCode === 304) this.removeHeader('content-security-policy');
    else if (!type.startsWith('text/html')) this.setHeader('content-security-policy', RESOURCE_POLICY);
    else if (!policy.startsWith(PAGE_POLICY.split(';')[0]!)) this.setHeader('content-security-policy', pagePolicy);
    this.setHeader('x-content-type-options', 'nosniff');
    this.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) this.setHeader('strict-transport-security', HSTS);
    for (const name of DOCUMENT_HEADER_NAMES) this.setHeader(name, DOCUMENT_HEADERS[name]!);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}

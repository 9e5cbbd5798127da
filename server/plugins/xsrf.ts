// XSRF double submit: every answer carries the XSRF-TOKEN cookie (set when missing) and echoes the
// token in the X-XSRF-TOKEN header; POSTs and the state-changing GETs need the header to equal the
// cookie. A cross-site form cannot read the cookie, so it cannot send the header.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, HttpMessages } from '../errors.ts';
import { sameText } from '../crypto/signature.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function needsXsrfToken(request: FastifyRequest): boolean {
  // xsrf: false marks protocol endpoints (OpenID Connect) whose callers are apps, not the widget.
  const xsrf = request.routeOptions.config?.xsrf;
  return xsrf === true || (xsrf !== false && !SAFE_METHODS.has(request.method));
}

export function registerXsrf(app: FastifyInstance): void {
  // A callback hook: every request passes here; an async one would cost a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    // Cross-origin calls from registered brand sites: plugins/cors.ts checks their own token.
    if (request.embedOrigin) return done();
    // Protocol endpoints (xsrf: false) are called by apps, not pages: no token to hand out.
    if (request.routeOptions.config?.xsrf === false) return done();
    const cookie = request.cookies[XSRF_COOKIE];
    const valid = cookie !== undefined && TOKEN_SHAPE.test(cookie);
    const token = valid ? cookie : crypto.randomBytes(24).toString('base64url');
    if (!valid) {
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https' });
    }
    reply.header('X-XSRF-TOKEN', token);
    if (!needsXsrfToken(request)) return done();
    const header = request.headers[XSRF_HEADER];
    if (!valid || typeof header !== 'string' || !sameText(header, cookie)) {
      return done(new ApiError(403, HttpMessages.xsrf, 403));
    }
    done();
  });
}

// XSRF double submit: every answer carries the XSRF-TOKEN cookie (set when missing) and echoes the
// token in the X-XSRF-TOKEN header; POSTs and the state-changing GETs need the header to equal the
// cookie. A cross-site form cannot read the cookie, so it cannot send the header. With a session
// the token must be the one bound to it (http/xsrf-binding.ts), and the login answer hands it out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, HttpMessages } from './api-error.ts';
import { sameText } from '../crypto/signature.ts';
import { deriveKey } from '../embedding/login-tickets.ts';
import { cookieNames, cookieNamesFor, secureCookie, type CookieNames } from './cookie-names.ts';
import { XsrfBinding } from './xsrf-binding.ts';
import type { AppContext } from '../context.ts';

/** The XSRF cookie's name without the __Host- prefix (http/cookie-names.ts picks the prefix). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Hands out the token that goes with session id `sid` (null: signed out, a fresh random one). */
export function issueXsrfToken(request: FastifyRequest, reply: FastifyReply, sid: string | null): void {
  const binding = request.server.xsrfBinding;
  const token = sid ? binding.forSession(sid) : binding.anonymous();
  reply.setCookie(cookieNames(request).xsrf, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: secureCookie(request) });
  reply.header('X-XSRF-TOKEN', token);
}

export function needsXsrfToken(request: FastifyRequest): boolean {
  // xsrf: false marks protocol endpoints (OpenID Connect) whose callers are apps, not the widget.
  const xsrf = request.routeOptions.config?.xsrf;
  return xsrf === true || (xsrf !== false && !SAFE_METHODS.has(request.method));
}

export function registerXsrf(app: FastifyInstance, ctx: Pick<AppContext, 'keys' | 'config'>): void {
  const binding = new XsrfBinding(deriveKey(ctx.keys.privateKey, 'sso xsrf v1'));
  const names = cookieNamesFor(ctx.config.publicUrl);
  // What the routes' cookie helpers read (http/cookie-names.ts, issueXsrfToken): this app's names and binding.
  app.decorate('xsrfBinding', binding);
  app.decorate('cookieNames', names);
  // A callback hook: every request passes here; an async one would cost a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    // Cross-origin calls from registered brand sites: embedding/cors.ts checks their own token.
    if (request.embedOrigin) return done();
    // Protocol endpoints (xsrf: false) are called by apps, not pages: no token to hand out.
    if (request.routeOptions.config?.xsrf === false) return done();
    const sid = request.cookies[names.session];
    const cookie = request.cookies[names.xsrf];
    const valid = binding.fits(cookie, sid);
    const token = valid ? cookie : sid && sid.length <= 128 ? binding.forSession(sid) : binding.anonymous();
    if (!valid) {
      reply.setCookie(names.xsrf, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: names.alwaysSecure || request.protocol === 'https' });
    }
    reply.header('X-XSRF-TOKEN', token);
    if (!needsXsrfToken(request)) return done();
    const header = request.headers[XSRF_HEADER];
    if (!valid || typeof header !== 'string' || !sameText(header, token)) {
      return done(new ApiError(403, HttpMessages.xsrf, 403));
    }
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The session-bound XSRF tokens of this app (registerXsrf). */
    xsrfBinding: XsrfBinding;
    /** This deployment's cookie names (registerXsrf, from the config's public URL). */
    cookieNames: CookieNames;
  }
}

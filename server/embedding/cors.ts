// Cross-origin calls from brand sites that embed <sso-login>. Only origins registered for a client
// group (callbackOrigins, see embedding/embed-origins.ts) get CORS headers, with credentials, and only
// on the paths the embedded widget calls (embedding/embedded-paths.ts); any other foreign Origin, and
// a registered one on any other path (/api/console/*, /api/account/*), is refused outright under /api
// (403), so even a "simple" cross-site form POST that the browser sends without a preflight changes
// nothing. Registered callers get an Origin-bound
// XSRF token in X-XSRF-TOKEN (exposed to their scripts) and must send it back on the calls the
// double-submit rule covers: the cookie-based check in xsrf.ts skips them.
//
// Must be registered before registerXsrf: hooks run in registration order.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, HttpMessages } from '../http/api-error.ts';
import { isRegisteredAnywhere } from './embed-origins.ts';
import { foreignOrigin } from '../http/origins.ts';
import { EmbedXsrf } from './embed-xsrf.ts';
import { isEmbeddedPath } from './embedded-paths.ts';
import { envelopeError } from '../http/error-handler.ts';
import { needsXsrfToken, XSRF_HEADER } from '../http/xsrf.ts';
import type { AppContext } from '../context.ts';

/** The refusal's text, from the contract (contract/errors.ts). */
export const ORIGIN_REFUSED = HttpMessages.originRefused;

const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_HEADERS = 'Accept, Content-Type, X-XSRF-TOKEN, X-Login-Binding, Time-Zone, Enc-Flag, signature, nonce, timestamp, url';
/** Public static files (widget script, its chunks, pictures) any page may load, without cookies. */
const PUBLIC_PREFIXES = ['/widget/', '/assets/'];

function isApi(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/');
}

function refuse(reply: FastifyReply, status: number, msg: string): FastifyReply {
  return envelopeError(reply, new ApiError(status, msg, status));
}

export function registerCors(app: FastifyInstance, ctx: Pick<AppContext, 'keys' | 'now' | 'stores'>): void {
  const tokens = new EmbedXsrf(ctx.keys.privateKey, ctx.now);
  app.decorateRequest('embedOrigin', null);

  // A callback hook: every request passes here and almost none is cross-origin; an async hook
  // would cost a promise each. Only a cross-origin call goes on asynchronously.
  app.addHook('onRequest', (request, reply, done) => {
    if (PUBLIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      // Module scripts and their chunks load in CORS mode from brand pages.
      reply.header('Access-Control-Allow-Origin', '*');
      return done();
    }
    if (!isApi(request)) return done();
    reply.header('Vary', 'Origin');
    const origin = foreignOrigin(request);
    if (origin === null) return done();
    // When the check answered the call itself (refusal, preflight), the request goes no further.
    crossOriginCall(request, reply, origin).then((answered) => (answered ? undefined : done()), done);
  });

  /** Headers and checks of a call from a brand site; true when it answered the call itself. */
  async function crossOriginCall(request: FastifyRequest, reply: FastifyReply, origin: string): Promise<boolean> {
    if (!isEmbeddedPath(request.url)) {
      request.log.info({ origin }, 'cross-origin call outside the embedded widget\'s paths refused');
      refuse(reply, 403, ORIGIN_REFUSED);
      return true;
    }
    if (!(await isRegisteredAnywhere(ctx.stores.catalog, origin))) {
      request.log.info({ origin }, 'cross-origin call from an unregistered origin refused');
      refuse(reply, 403, ORIGIN_REFUSED);
      return true;
    }
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Expose-Headers', 'X-XSRF-TOKEN');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      reply.code(204).send();
      return true;
    }
    request.embedOrigin = origin;
    reply.header('X-XSRF-TOKEN', tokens.issue(origin));
    if (!needsXsrfToken(request)) return false;
    const header = request.headers[XSRF_HEADER];
    if (!tokens.verify(origin, typeof header === 'string' ? header : undefined)) {
      refuse(reply, 403, HttpMessages.xsrf);
      return true;
    }
    return false;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The registered brand-site origin of a cross-origin API call (set by embedding/cors.ts), else null. */
    embedOrigin: string | null;
  }
}

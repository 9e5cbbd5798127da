// Builds the Fastify app from a typed config. It never listens: server/main.ts (and the test
// helpers) do. Every API route lives under /api.
import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { ServerConfig } from './config.ts';
import { compose, type ComposeOptions } from './compose.ts';
import type { AppContext } from './context.ts';
import { ApiError, HttpMessages } from './http/api-error.ts';
import { envelopeError, registerErrorHandler } from './http/error-handler.ts';
import { registerEncFlag } from './http/enc-flag.ts';
import { registerXsrf } from './http/xsrf.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { frameworkErrors } from './http/framework-errors.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { genRequestId, loggerOptions, registerRequestIdEcho } from './http/logging.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { RawFront } from './http/raw-front.ts';
import { reportRedisErrors } from './storage/redis-client.ts';
import { attemptPolicy } from './auth/index.ts';
import type { SlicePlugin } from './slice-plugin.ts';
import { healthSlice } from './health/routes.ts';
import { consoleSlice } from './console/console-plugin.ts';
import { authSlice } from './auth/routes.ts';
import { catalogSlice } from './catalog/routes.ts';
import { registrationSlice } from './registration/routes.ts';
import { tenantSlice } from './tenant/routes.ts';
import { embeddingSlice } from './embedding/embedding-plugin.ts';
import { mfaSlice } from './mfa/routes.ts';
import { accountSlice } from './account/account-routes.ts';
import { passkeySlice } from './passkey/passkey-routes.ts';
import { oidcSlice } from './oidc/oidc-plugin.ts';
import { protocolsSlice } from './cas/protocols-plugin.ts';
import { directorySlice } from './directory/directory-plugin.ts';

/**
 * Every slice's plugin, in the order they mount. Health comes before the console's first-start
 * gate (a fresh instance still answers its health checks); the gate before every other call.
 */
export const SLICES: readonly SlicePlugin[] = [
  healthSlice, consoleSlice, authSlice, catalogSlice, registrationSlice, tenantSlice, embeddingSlice,
  mfaSlice, accountSlice, passkeySlice, oidcSlice, protocolsSlice, directorySlice,
];

export interface AppDeps extends Omit<ComposeOptions, 'log'> {
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (tests capture it); stdout when not given. */
  logStream?: NodeJS.WritableStream;
}

/** The Fastify app and the context compose.ts built for it (main.ts and the tests use both). */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<BuiltApp> {
  // The few addresses answered past Fastify (http/raw-front.ts) are asked first; it is made once the
  // logger exists, before the server takes its first request.
  let rawFront: RawFront | null = null;
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = http.createServer(options.http ?? {}, (request, response) => {
        if (!rawFront?.dispatch(request, response)) handler(request, response);
      });
      // What Fastify sets on the server it makes itself (its defaults: keep-alive 72 s, ...).
      const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as typeof options & { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number };
      if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
      if (connectionTimeout !== undefined) server.setTimeout(connectionTimeout);
      if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
      return server;
    },
    logger: deps.logger ?? loggerOptions(config.logLevel, deps.logStream),
    genReqId: genRequestId,
    requestIdHeader: false,
    frameworkErrors,
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  rawFront = new RawFront(config.trustProxy, app.log);
  app.decorate('rawFront', rawFront);
  app.addHook('preClose', async () => rawFront!.startClosing());
  const ctx = await compose(config, { ...deps, log: app.log });
  app.addHook('onClose', async () => ctx.storage.close());
  ctx.portalAddress.attach(app.server);
  const { redis } = ctx.storage;
  if (redis) reportRedisErrors(redis, app.log);
  registerRequestIdEcho(app);
  registerGracefulClose(app);

  // CSP, nosniff, referrer policy, HSTS over https, and helmet's defaults on everything outside
  // /api (http/security-headers.ts: fixed headers, no per-request middleware chain).
  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, HttpMessages.tooManyRequests, 429),
    // Shared by every instance when Redis is configured; per process otherwise.
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
  });

  // Cross-origin calls from registered brand sites (embedded <sso-login>) are let in before
  // registerXsrf, which leaves those calls to the Origin-bound token checked there.
  for (const slice of SLICES) slice.beforeXsrf?.(app, ctx);
  // At the root, so the portal page itself already hands out the XSRF-TOKEN cookie.
  registerXsrf(app, ctx);
  await app.register(async (api) => {
    registerErrorHandler(api);
    registerEncFlag(api, config.encKey);
    const policy = attemptPolicy(api, ctx);
    for (const slice of SLICES) await slice.api?.({ api, ctx, policy });
    api.setNotFoundHandler((_request, reply) => envelopeError(reply, new ApiError(404, HttpMessages.notFound, 404)));
  }, { prefix: '/api' });
  for (const slice of SLICES) await slice.root?.(app, ctx);
  registerErrorHandler(app);
  return { app, ctx };
}

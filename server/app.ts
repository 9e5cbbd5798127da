// Builds the Fastify app from a typed config. It never listens: server/main.ts (and the test
// helpers) do. Every API route lives under /api.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { loadOrCreateSm2KeyPair } from './crypto/sm2-keys.ts';
import type { Repository } from './db/repository.ts';
import { openRepository } from './db/open.ts';
import { Lockout } from './domain/lockout.ts';
import { SessionManager } from './domain/sessions.ts';
import { OutboxSmsSender, SmsCodes, type SmsSender } from './domain/sms.ts';
import { FeishuClient } from './domain/social/feishu.ts';
import { MemoryTokenCache, type TokenCache } from './domain/social/token-cache.ts';
import { WeComClient } from './domain/social/wecom.ts';
import { ApiError, HttpMessages } from './errors.ts';
import { envelopeError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerEncFlag } from './plugins/enc-flag.ts';
import { registerXsrf } from './plugins/xsrf.ts';
import { registerCors } from './plugins/cors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { frameworkErrors } from './plugins/framework-errors.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { genRequestId, loggerOptions, registerRequestIdEcho } from './plugins/logging.ts';
import { registerExtraRateLimits } from './plugins/rate-limits.ts';
import { registerOneCheckPerAccount } from './plugins/one-check-per-account.ts';
import { MemoryAccountGuard, RedisAccountGuard } from './state/account-guard.ts';
import { registerHealthRoutes, type DependencyProbe } from './routes/health.ts';
import { reportRedisErrors, type RedisClient } from './state/redis-client.ts';
import { registerRegistrationRoutes } from './routes/admin/registration.ts';
import { registerClientGroupRoutes } from './routes/centerAuth/client-group.ts';
import { registerLoginSms } from './routes/centerAuth/msg.ts';
import { registerSessionRoutes } from './routes/centerAuth/sso-session.ts';
import { registerDoLogin } from './routes/centerAuth/sso-login.ts';
import { registerSocialLogin } from './routes/centerAuth/social-login.ts';
import { registerUserRoutes } from './routes/centerAuth/user.ts';
import { registerTenantRoutes } from './routes/tenant.ts';
import { registerTicketRoutes } from './routes/centerAuth/ticket.ts';
import { registerOidc } from './oidc/oidc-plugin.ts';

export interface AppDeps {
  /** Storage; opened from the config (and closed with the app) when not given. */
  repo?: Repository;
  /** The clock, in epoch ms; tests move it to provoke timeouts. */
  now?: () => number;
  /** Real time for the embedded database's session copies (db/session-cache.ts); Date.now when not given. */
  sessionCacheClock?: () => number;
  smsSender?: SmsSender;
  tokenCache?: TokenCache;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (tests capture it); stdout when not given. */
  logStream?: NodeJS.WritableStream;
  /** The shared-state Redis (server/state): rate-limit counters and the health check use it too. */
  redis?: RedisClient | null;
}

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel, deps.logStream),
    genReqId: genRequestId,
    requestIdHeader: false,
    frameworkErrors,
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  const ownsRepo = !deps.repo;
  const repo = deps.repo ?? (await openRepository(config, { sessionCacheClock: deps.sessionCacheClock }));
  if (ownsRepo) app.addHook('onClose', async () => repo.close());
  const now = deps.now ?? Date.now;
  const tokenCache = deps.tokenCache ?? new MemoryTokenCache(now);
  const ctx: AppContext = {
    config,
    repo,
    now,
    keys: loadOrCreateSm2KeyPair(config.dataDir, config.sm2KeyFile),
    sessions: new SessionManager(repo, config, now),
    lockout: new Lockout(repo, config, now),
    sms: new SmsCodes(repo, deps.smsSender ?? new OutboxSmsSender(config.smsOutboxPath, app.log), config, now),
    weCom: new WeComClient(tokenCache, now, config.upstreamTimeoutMs),
    feishu: new FeishuClient(tokenCache, now, config.upstreamTimeoutMs),
  };
  app.decorate('sso', ctx);
  const redis = deps.redis ?? null;
  if (redis) reportRedisErrors(redis, app.log);
  const probes: DependencyProbe[] = [{ name: 'database', check: () => repo.getMeta('health-probe') }];
  if (redis) probes.push({ name: 'redis', check: () => redis.ping() });
  registerRequestIdEcho(app);
  registerGracefulClose(app);

  // CSP, nosniff, referrer policy, HSTS over https, and helmet's defaults on everything outside
  // /api (plugins/security-headers.ts: fixed headers, no per-request middleware chain).
  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, HttpMessages.tooManyRequests, 429),
    // Shared by every instance when Redis is configured; per process otherwise.
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
  });

  // Cross-origin calls from registered brand sites (embedded <sso-login>): before registerXsrf,
  // which leaves those calls to the Origin-bound token checked there.
  registerCors(app);
  // At the root, so the portal page itself already hands out the XSRF-TOKEN cookie.
  registerXsrf(app);
  await app.register(async (api) => {
    registerErrorHandler(api);
    registerEncFlag(api, config.encKey);
    registerExtraRateLimits(api, config);
    registerOneCheckPerAccount(api, redis ? new RedisAccountGuard(redis, config.redisKeyPrefix) : new MemoryAccountGuard());
    registerHealthRoutes(api, probes);
    registerSessionRoutes(api, ctx);
    registerDoLogin(api, ctx);
    registerSocialLogin(api, ctx);
    registerClientGroupRoutes(api, ctx);
    registerUserRoutes(api, ctx);
    registerLoginSms(api, ctx);
    registerRegistrationRoutes(api, ctx);
    registerTenantRoutes(api, ctx);
    registerTicketRoutes(api, ctx);
    api.setNotFoundHandler((_request, reply) => envelopeError(reply, new ApiError(404, HttpMessages.notFound, 404)));
  }, { prefix: '/api' });
  await registerOidc(app, ctx, { redis });
  registerErrorHandler(app);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    sso: AppContext;
  }
}

// Rate limits beyond the per-IP limit each route declares: doLogin per account (name or phone),
// SMS sending per phone and per IP. Counters live in the @fastify/rate-limit store, which is Redis
// when SSO_REDIS_URL is set, so attempts spread over instances add up.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { ApiError, HttpMessages } from '../errors.ts';
import { loginAccountKey } from '../auth/login-account.ts';

type LimitConfig = Pick<ServerConfig, 'loginPerAccountPerMinute' | 'smsPerPhonePerHour' | 'smsPerIpPerHour'>;
type KeyOf = (request: FastifyRequest) => string | null;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? value as Record<string, unknown> : {});

const loginAccount: KeyOf = (request) => {
  const account = loginAccountKey(request.body);
  return account ? `login-account:${account}` : null;
};

const smsPhone: KeyOf = (request) => {
  const phone = record(request.params).phone ?? record(request.query).phone;
  return typeof phone === 'string' ? `sms-phone:${phone}` : null;
};

const smsIp: KeyOf = (request) => `sms-ip:${request.ip}`;

export function registerExtraRateLimits(api: FastifyInstance, config: LimitConfig): void {
  const limiter = (keyOf: KeyOf, max: number, timeWindow: number) => {
    const check = api.createRateLimit({ max, timeWindow, keyGenerator: (request) => keyOf(request) ?? '' });
    return async (request: FastifyRequest) => {
      if (keyOf(request) === null) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new ApiError(429, HttpMessages.tooManyRequests, 429);
    };
  };
  const perAccountLogin = limiter(loginAccount, config.loginPerAccountPerMinute, MINUTE);
  const perPhoneSms = limiter(smsPhone, config.smsPerPhonePerHour, HOUR);
  const perIpSms = limiter(smsIp, config.smsPerIpPerHour, HOUR);

  const extra: [RegExp, ((request: FastifyRequest) => Promise<void>)[]][] = [
    [/\/centerAuth\/sso\/doLogin$/, [perAccountLogin]],
    [/\/centerAuth\/msg\/login\/send$/, [perIpSms, perPhoneSms]],
    [/\/admin\/mobile\/:phone$/, [perIpSms, perPhoneSms]],
  ];
  api.addHook('onRoute', (route: RouteOptions) => {
    const hooks = extra.find(([pattern]) => pattern.test(route.url))?.[1];
    if (!hooks) return;
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...existing, ...hooks];
  });
}

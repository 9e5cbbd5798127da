// The limits on guessable calls, declared by each route that needs them (no URL matching):
// - sign-in: a per-account rate limit (whatever IPs the calls come from); sign-in and password
//   change: one check at a time per account (account-guard.ts), so every check sees the failures counted
//   before it; the hold ends just before the answer goes out;
// - SMS sending: per phone and per IP;
// - password reset by SMS code: a per-phone rate limit and one check at a time per phone.
// The per-IP limit each route also declares (config.rateLimit) comes from @fastify/rate-limit.
// Counters live in the rate-limit store, which is Redis when SSO_REDIS_URL is set, so attempts
// spread over instances add up.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, HttpMessages } from '../http/api-error.ts';
import { accountKeyOf } from './account-key.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A check that waited this long for its account gives up with 429. */
const MAX_WAIT_MS = 5000;

type KeyOf = (request: FastifyRequest) => string | null;

export interface RouteHooks {
  preHandler: preHandlerAsyncHookHandler[];
  onSend?: onSendHookHandler[];
}

export interface AttemptPolicy {
  /** doLogin (password or SMS code): per-account rate limit, one check at a time. */
  signIn: RouteHooks;
  /** changePassword: one check at a time (its lockout counts with the sign-in's). */
  passwordChange: RouteHooks;
  /** Sending a login, registration or password-reset SMS code. */
  smsSend: RouteHooks;
  /** resetPassword: per-phone rate limit, one check at a time (the code's tries count in order). */
  passwordReset: RouteHooks;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? value as Record<string, unknown> : {});

const accountOf: KeyOf = (request) => accountKeyOf(record(request.body));

const smsPhone: KeyOf = (request) => {
  const phone = record(request.params).phone ?? record(request.query).phone;
  return typeof phone === 'string' ? phone : null;
};

export function attemptPolicy(api: FastifyInstance, ctx: Pick<AppContext, 'config' | 'accountGuard'>): AttemptPolicy {
  const { config, accountGuard } = ctx;

  const limit = (name: string, keyOf: KeyOf, max: number, timeWindow: number): preHandlerAsyncHookHandler => {
    const check = api.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${keyOf(request) ?? ''}` });
    return async (request) => {
      if (keyOf(request) === null) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new ApiError(429, HttpMessages.tooManyRequests, 429);
    };
  };

  const held = new WeakMap<FastifyRequest, { account: string; token: string }>();
  const takeTurn: preHandlerAsyncHookHandler = async (request) => {
    const account = accountOf(request);
    if (!account) return;
    const deadline = Date.now() + MAX_WAIT_MS;
    let token = await accountGuard.acquire(account);
    while (!token) {
      if (Date.now() > deadline) throw new ApiError(429, HttpMessages.tooManyRequests, 429);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 15));
      token = await accountGuard.acquire(account);
    }
    held.set(request, { account, token });
  };
  const endTurn: onSendHookHandler = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const hold = held.get(request);
    if (hold) {
      held.delete(request);
      await accountGuard.release(hold.account, hold.token).catch(() => {
        // Unreachable store: the hold expires by itself.
      });
    }
    return payload;
  };

  return {
    signIn: {
      preHandler: [limit('login-account', accountOf, config.loginPerAccountPerMinute, MINUTE), takeTurn],
      onSend: [endTurn],
    },
    passwordChange: { preHandler: [takeTurn], onSend: [endTurn] },
    passwordReset: {
      preHandler: [limit('reset-phone', accountOf, config.loginPerAccountPerMinute, MINUTE), takeTurn],
      onSend: [endTurn],
    },
    smsSend: {
      preHandler: [
        limit('sms-ip', (request) => request.ip, config.smsPerIpPerHour, HOUR),
        limit('sms-phone', smsPhone, config.smsPerPhonePerHour, HOUR),
      ],
    },
  };
}

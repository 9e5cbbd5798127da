// Serialises password and SMS-code checks per account (state/account-guard.ts): doLogin (by name
// or phone) and changePassword (by name). A check arriving while another one for the same account
// runs waits its turn (a shared dealer account signing in from several desks at 8:00 just queues
// for a few milliseconds each), so every check sees the failures counted before it. After 5 s of
// waiting it gives up with 429. The hold ends just before the answer goes out (onSend, so the
// caller's next try finds the account free), or after 10 s should that never happen.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError, HttpMessages } from '../errors.ts';
import type { AccountGuard } from '../state/account-guard.ts';
import { loginAccountKey } from '../auth/login-account.ts';

const MAX_WAIT_MS = 5000;

const held = new WeakMap<FastifyRequest, { account: string; token: string }>();

function accountOf(request: FastifyRequest): string | null {
  return loginAccountKey(request.body);
}

export function registerOneCheckPerAccount(api: FastifyInstance, guard: AccountGuard): void {
  const take = async (request: FastifyRequest) => {
    const account = accountOf(request);
    if (!account) return;
    const deadline = Date.now() + MAX_WAIT_MS;
    let token = await guard.acquire(account);
    while (!token) {
      if (Date.now() > deadline) throw new ApiError(429, HttpMessages.tooManyRequests, 429);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 15));
      token = await guard.acquire(account);
    }
    held.set(request, { account, token });
  };
  const give = async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
    const hold = held.get(request);
    if (hold) {
      held.delete(request);
      await guard.release(hold.account, hold.token).catch(() => {
        // Unreachable store: the hold expires by itself.
      });
    }
    return payload;
  };
  api.addHook('onRoute', (route: RouteOptions) => {
    if (!/\/centerAuth\/sso\/doLogin$|\/centerAuth\/user\/changePassword$/.test(route.url)) return;
    const toArray = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);
    route.preHandler = [...toArray(route.preHandler), take] as RouteOptions['preHandler'];
    route.onSend = [...toArray(route.onSend), give] as RouteOptions['onSend'];
  });
}

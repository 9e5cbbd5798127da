// GET /centerAuth/msg/login/send?phone=: sends a login code when the phone belongs to a user; the
// answer is the same either way, so the call cannot be used to find accounts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { INVALID_PHONE } from '../../contract/messages.ts';
import { sendLoginSms, type SendLoginSmsQuery } from '../../contract/endpoints/auth.ts';
import { ok } from '../http/envelope.ts';
import type { RouteHooks } from './attempt-policy.ts';

export function registerLoginSms(app: FastifyInstance, ctx: AppContext, policy: RouteHooks): void {
  app.get<{ Querystring: SendLoginSmsQuery }>(sendLoginSms.path, {
    schema: { querystring: sendLoginSms.query },
    config: { xsrf: sendLoginSms.xsrf, fieldMessages: { phone: INVALID_PHONE }, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
    ...policy,
  }, async (request) => {
    const { phone } = request.query;
    const user = await ctx.stores.users.findUserByPhone(phone);
    await ctx.sms.issue(phone, 'login', user !== null);
    return ok(sendLoginSms, null);
  });
}

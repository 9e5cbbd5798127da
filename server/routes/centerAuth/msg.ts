// GET /centerAuth/msg/login/send?phone=: sends a login code when the phone belongs to a user; the
// answer is the same either way, so the call cannot be used to find accounts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok, PHONE_PATTERN } from '../support.ts';

export function registerLoginSms(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { phone: string } }>('/centerAuth/msg/login/send', {
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        required: ['phone'],
        properties: { phone: { type: 'string', pattern: PHONE_PATTERN } },
      },
    },
    config: { xsrf: true, fieldMessages: { phone: '请输入合法手机号' }, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const { phone } = request.query;
    const user = await ctx.repo.findUserByPhone(phone);
    await ctx.sms.issue(phone, 'login', user !== null);
    return ok(null);
  });
}

// POST /centerAuth/sso/doLogin: password login (name, pwd) and mobile login (phone, SMS code).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { locked, refuse } from '../http/api-error.ts';
import { groupFor } from '../catalog/group-of-request.ts';
import { INVALID_PHONE, INVALID_SMS_CODE, ENCRYPTED_FIELD_BROKEN } from '../../contract/messages.ts';
import { doLogin, type DoLoginBody } from '../../contract/endpoints/auth.ts';
import { isMobileLogin } from './account-key.ts';
import type { RouteHooks } from './attempt-policy.ts';
import { audit, completeLogin, loginRedirect, refuseMustChange } from './complete-login.ts';
import { decryptPassword } from './decrypt-password.ts';

const fieldMessages = {
  phone: INVALID_PHONE,
  code: INVALID_SMS_CODE,
  pwd: ENCRYPTED_FIELD_BROKEN,
  loginType: '登录方式不正确',
};

export function registerDoLogin(app: FastifyInstance, ctx: AppContext, policy: RouteHooks): void {
  app.post<{ Body: DoLoginBody }>(doLogin.path, {
    schema: { body: doLogin.body },
    config: { fieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
    ...policy,
  }, async (request, reply) => {
    const body = request.body ?? {};
    const group = await groupFor(ctx, request, body.ssoDomain);
    const redirect = loginRedirect(request, group, body.callBack);
    const mobile = isMobileLogin(body);

    if (mobile) {
      if (!body.phone) throw refuse('badSmsCode');
      // use() checks and deletes the code in one step: two parallel logins with one code, one session.
      if (!body.code || !(await ctx.sms.use(ctx.stores.sms, body.phone, 'login', body.code))) {
        await audit(ctx, request, body.phone, 'mobile', 'bad_code', body.clientId);
        throw refuse('badSmsCode');
      }
      const user = await ctx.stores.users.findUserByPhone(body.phone);
      if (!user) throw refuse('badSmsCode');
      if (await ctx.lockout.isLocked(user.username)) {
        await audit(ctx, request, user.username, 'mobile', 'locked', body.clientId);
        throw locked();
      }
      await refuseMustChange(ctx, request, user, 'mobile', body.clientId);
      return completeLogin(ctx, request, reply, user, 'mobile', redirect, body.clientId);
    }

    const name = body.name?.trim();
    if (!name || !body.pwd) {
      await audit(ctx, request, name ?? '', 'password', 'bad_credentials', body.clientId);
      throw refuse('badCredentials');
    }
    if (await ctx.lockout.isLocked(name)) {
      await audit(ctx, request, name, 'password', 'locked', body.clientId);
      throw locked();
    }
    const plain = decryptPassword(ctx, body.pwd);
    const user = await ctx.stores.users.findUserByName(name);
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), plain);
    if (!user || !matches) {
      const nowLocked = await ctx.lockout.fail(name);
      await audit(ctx, request, name, 'password', nowLocked ? 'locked' : 'bad_credentials', body.clientId);
      throw nowLocked ? locked() : refuse('badCredentials');
    }
    await ctx.lockout.reset(name);
    if (user.mustChangePassword) {
      await audit(ctx, request, user.username, 'password', 'must_change', body.clientId);
      throw refuse('firstLogin');
    }
    if (ctx.now() - user.passwordChangedAt > ctx.config.passwordMaxAgeMs) {
      await audit(ctx, request, user.username, 'password', 'password_expired', body.clientId);
      throw refuse('passwordExpired');
    }
    return completeLogin(ctx, request, reply, user, 'password', redirect, body.clientId);
  });
}

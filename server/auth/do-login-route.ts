// POST /centerAuth/sso/doLogin: password login (name, pwd) and mobile login (phone, SMS code).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { checkSignInPassword } from '../directory/index.ts';
import { checkPassword } from './password-check.ts';
import { ApiError, locked, Refusal, refuse } from '../http/api-error.ts';
import { groupFor } from '../catalog/index.ts';
import { INVALID_PHONE, INVALID_SMS_CODE, ENCRYPTED_FIELD_BROKEN } from '../../contract/messages.ts';
import { doLogin, type DoLoginBody } from '../../contract/endpoints/auth.ts';
import { FieldMessages } from '../../contract/errors.ts';
import { isMobileLogin } from './account-key.ts';
import type { RouteHooks } from './attempt-policy.ts';
import { audit, completeLogin, loginRedirect, refuseMustChange } from './complete-login.ts';
import { decryptPassword } from './decrypt-password.ts';
import { passwordAgeing } from './password-ageing.ts';
import { askSecondFactor, secondFactorNeed } from '../mfa/index.ts';

const fieldMessages = {
  phone: INVALID_PHONE,
  code: INVALID_SMS_CODE,
  pwd: ENCRYPTED_FIELD_BROKEN,
  loginType: FieldMessages.loginType,
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
      // use() counts the try on the phone, then deletes the code: two parallel logins with one
      // code, one session; a sixth try finds the code burned.
      try {
        if (!body.code) throw refuse('badSmsCode');
        await ctx.sms.use(ctx.stores.sms, body.phone, 'login', body.code);
      } catch (error) {
        await audit(ctx, request, body.phone, 'mobile', 'bad_code', body.clientId);
        throw error;
      }
      const user = await ctx.stores.users.findUserByPhone(body.phone);
      if (!user) throw refuse('badSmsCode');
      // The phone is proven: a password lockout does not stop this sign-in, and ends with it, unless
      // a code of the second factor is still due (wrong codes count toward the lockout).
      const secondFactor = await secondFactorNeed(ctx, user);
      if (secondFactor !== 'verify') await ctx.lockout.reset(user.username);
      await refuseMustChange(ctx, request, user, 'mobile', body.clientId);
      // The phone is one factor: an account with a second factor, or in a group that requires one,
      // takes the same second step as after a password.
      await askSecondFactor(ctx, request, user, secondFactor, 'mobile', redirect, body.clientId);
      return completeLogin(ctx, request, reply, user, 'mobile', redirect, body.clientId);
    }

    const name = body.name?.trim();
    if (!name || !body.pwd) {
      await audit(ctx, request, name ?? '', 'password', 'bad_credentials', body.clientId);
      throw refuse('badCredentials');
    }
    let check: Awaited<ReturnType<typeof checkPassword>>;
    try {
      check = await checkPassword(ctx, name, decryptPassword(ctx, body.pwd), (n, plain) => checkSignInPassword(ctx, n, plain));
    } catch (error) {
      // The directory down (or the entry disabled there): audited, never a lockout count.
      if (error instanceof ApiError) await audit(ctx, request, name, 'password', error.code === Refusal.directoryDown[0] ? 'directory_down' : 'disabled', body.clientId);
      throw error;
    }
    if (check.outcome !== 'right') {
      await audit(ctx, request, name, 'password', check.outcome === 'locked' ? 'locked' : 'bad_credentials', body.clientId);
      throw check.outcome === 'locked' ? locked(check.lockedForMs) : refuse('badCredentials');
    }
    const { user } = check;
    // A code still due keeps the failures counted: wrong codes lock like wrong passwords (server/mfa).
    const secondFactor = await secondFactorNeed(ctx, user);
    await check.settle(secondFactor === 'verify');
    if (user.disabled) {
      await audit(ctx, request, user.username, 'password', 'disabled', body.clientId);
      throw refuse('accountDisabled');
    }
    // A factor the account has not given yet comes before a forced change (issue 31, point 3): the
    // change then carries its proof (auth/change-ticket.ts); the password alone changes nothing of an
    // account whose group requires a second factor. (An enrolled authenticator's code is asked by
    // the change itself, so its step stays after AU00153 / AU00154, as the spec orders them.)
    if (secondFactor === 'enrol' || secondFactor === 'passkey') {
      await askSecondFactor(ctx, request, user, secondFactor, 'password', redirect, body.clientId);
    }
    if (user.mustChangePassword) {
      await audit(ctx, request, user.username, 'password', 'must_change', body.clientId);
      throw refuse('firstLogin');
    }
    // A directory account's password ages in the directory, not here.
    const aged = user.directoryId ? null : passwordAgeing(user.passwordChangedAt, ctx.now(), ctx.config);
    if (aged) {
      // 稍后修改: honoured only while the server's own grace lasts, whatever the client sends.
      const postponed = body.postponePasswordChange === 1 && aged.postponeUntil !== null;
      await audit(ctx, request, user.username, 'password', postponed ? 'change_postponed' : 'password_expired', body.clientId);
      if (!postponed) throw refuse('passwordExpired', aged);
    }
    await askSecondFactor(ctx, request, user, secondFactor, 'password', redirect, body.clientId);
    return completeLogin(ctx, request, reply, user, 'password', redirect, body.clientId);
  });
}

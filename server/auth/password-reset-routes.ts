// 忘记密码 (our extension, docs/api-contract.md): a reset code by SMS, then a new password for the
// phone's account. The same answers whether or not the phone has an account (a phone without one
// gets a code nobody sees, so its tries fail like wrong digits); the code's tries are counted and
// capped atomically (auth/sms-codes.ts) and it is used up in the transaction that sets the
// password. The new password passes the change-password rules. A reset ends every session of the
// account, announced to the session listeners (single logout of the OIDC apps), and clears the
// password lockout: the phone is proven.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ENCRYPTED_FIELD_BROKEN, INVALID_PHONE, INVALID_SMS_CODE } from '../../contract/messages.ts';
import { resetPassword, sendResetSms, type ResetPasswordBody, type SendResetSmsQuery } from '../../contract/endpoints/password-reset.ts';
import { refuse, weakPassword } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import type { AttemptPolicy } from './attempt-policy.ts';
import { audit } from './complete-login.ts';
import { decryptPassword } from './decrypt-password.ts';
import { verifyPassword } from './passwords.ts';
import { setPassword } from './set-password.ts';

export function registerPasswordReset(app: FastifyInstance, ctx: AppContext, policy: Pick<AttemptPolicy, 'smsSend' | 'passwordReset'>): void {
  const rateLimit = { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 };

  app.get<{ Querystring: SendResetSmsQuery }>(sendResetSms.path, {
    schema: { querystring: sendResetSms.query },
    config: { xsrf: sendResetSms.xsrf, fieldMessages: { phone: INVALID_PHONE }, rateLimit },
    ...policy.smsSend,
  }, async (request) => {
    const { phone } = request.query;
    const user = await ctx.stores.users.findUserByPhone(phone);
    await ctx.sms.issue(phone, 'reset', user !== null);
    return ok(sendResetSms, null);
  });

  app.post<{ Body: ResetPasswordBody }>(resetPassword.path, {
    schema: { body: resetPassword.body },
    config: {
      fieldMessages: { phone: INVALID_PHONE, code: INVALID_SMS_CODE, newPassword: ENCRYPTED_FIELD_BROKEN, confirmPassword: ENCRYPTED_FIELD_BROKEN },
      rateLimit,
    },
    ...policy.passwordReset,
  }, async (request) => {
    const { phone, code, newPassword, confirmPassword } = request.body;
    const newPlain = decryptPassword(ctx, newPassword);
    const confirmPlain = decryptPassword(ctx, confirmPassword);
    if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
    // Counts a try of the code whether or not the phone has an account.
    await ctx.sms.require(phone, 'reset', code);
    const user = await ctx.stores.users.findUserByPhone(phone);
    if (!user) throw refuse('badSmsCode');
    // A directory account's password is reset in the company directory (directory/directory-password.ts).
    if (user.directoryId) throw refuse('changeInDirectory');
    // A refused password keeps the code: the user picks a better one (each try still counts).
    if (await verifyPassword(user.passwordHash, newPlain)) throw refuse('samePassword');
    // The code is used up in the transaction that sets the password (auth/set-password.ts: the
    // hash, the lockout, every session and OIDC grant of the account).
    const set = await setPassword(ctx, user, newPlain, {
      inTransaction: async (tx) => {
        if (!(await ctx.sms.consume(tx.sms, phone, 'reset', code))) throw refuse('badSmsCode');
      },
    });
    if (!set.done) throw weakPassword(set.problem);
    await audit(ctx, request, user.username, 'mobile', 'password_reset');
    return ok(resetPassword, null);
  });
}

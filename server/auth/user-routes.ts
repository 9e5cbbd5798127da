// GET /centerAuth/user/curLogin/info and POST /centerAuth/user/changePassword. Changing the
// password needs no session: the AU00153 / AU00154 flows reach it before any session exists, and a
// wrong old password there is the login's AU00100 用户名或密码错误 (a name was typed). From the
// account page (a session of that very account) it is AU00107 当前密码错误: no name was typed, and
// the account is known to the caller anyway.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ENCRYPTED_FIELD_BROKEN } from '../../contract/messages.ts';
import { changePassword, currentUser, type ChangePasswordBody } from '../../contract/endpoints/auth.ts';
import type { RouteHooks } from './attempt-policy.ts';
import { decryptPassword } from './decrypt-password.ts';
import { checkPassword } from './password-check.ts';
import { proveSecondFactor, secondFactorNeed } from '../mfa/index.ts';
import type { MfaStep } from '../../contract/endpoints/mfa.ts';
import { setPassword } from './set-password.ts';
import { changeDirectoryPassword } from '../directory/index.ts';
import { passwordProblem } from './password-policy.ts';
import { requireSession } from './session-cookie.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { locked, refuse, weakPassword } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { MfaFieldMessages } from '../../contract/errors.ts';

const encryptedFieldMessage = ENCRYPTED_FIELD_BROKEN;

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, policy: RouteHooks): void {
  app.get(currentUser.path, {
    schema: { querystring: currentUser.query },
  }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    return ok(currentUser, { username: session.username });
  });

  app.post<{ Body: ChangePasswordBody }>(changePassword.path, {
    schema: { body: changePassword.body },
    config: {
      fieldMessages: { oldPassword: encryptedFieldMessage, newPassword: encryptedFieldMessage, confirmPassword: encryptedFieldMessage, ...MfaFieldMessages },
      rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 },
    },
    ...policy,
  }, async (request) => {
    const { userName, oldPassword, newPassword, confirmPassword, code, recoveryCode } = request.body;
    const name = userName.trim();
    const oldPlain = decryptPassword(ctx, oldPassword);
    const newPlain = decryptPassword(ctx, newPassword);
    const confirmPlain = decryptPassword(ctx, confirmPassword);
    const ownSession = async (username: string | undefined) => {
      const state = username ? await ctx.sessions.resolve(sessionIdOf(request)) : null;
      return state?.kind === 'active' && state.session.username === username;
    };
    const directoryAccount = await ctx.stores.users.findUserByName(name);
    if (directoryAccount?.directoryId && !directoryAccount.disabled) {
      // A directory account's password lives in its directory (directory/directory-password.ts); the
      // current password is checked there by the change itself, under the same lockout rule.
      if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
      if (newPlain === oldPlain) throw refuse('samePassword');
      const changed = await checkPassword(ctx, name, oldPlain, async () => ({
        user: directoryAccount, matches: await changeDirectoryPassword(ctx, directoryAccount, oldPlain, newPlain),
      }));
      if (changed.outcome === 'locked') throw locked(changed.lockedForMs);
      if (changed.outcome === 'wrong') throw refuse((await ownSession(directoryAccount.username)) ? 'badCurrentPassword' : 'badCredentials');
      await changed.settle(false);
      return ok(changePassword, null);
    }
    const check = await checkPassword(ctx, name, oldPlain);
    if (check.outcome === 'locked') throw locked(check.lockedForMs);
    if (check.outcome === 'wrong') {
      const user = await ctx.stores.users.findUserByName(name);
      throw refuse((await ownSession(user?.username)) ? 'badCurrentPassword' : 'badCredentials');
    }
    const { user } = check;
    // An authenticator app is a second factor here too (issue 31): the password alone, out of a
    // stolen password list, must not change the password, end every session and clear the lockout.
    // From the account's own session (the account page) the factor was given at sign-in.
    const secondFactorDue = (await secondFactorNeed(ctx, user)) === 'verify' && !(await ownSession(user.username));
    await check.settle(secondFactorDue);
    if (user.disabled) throw refuse('accountDisabled');
    if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
    if (newPlain === oldPlain) throw refuse('samePassword');
    if (secondFactorDue) {
      // Checked before the code is used up, so a new password the policy refuses costs no code.
      const problem = await passwordProblem(newPlain, user);
      if (problem) throw weakPassword(problem);
      if (!code && !recoveryCode) {
        const step: MfaStep = { challenge: '', step: 'verify' };
        throw refuse('secondFactorRequired', step);
      }
      // Wrong codes count toward the same lockout as the sign-in's (and a right one clears it).
      await proveSecondFactor(ctx, request, user, { code, recoveryCode }, null);
    }
    // The hash, the lockout, every session and OIDC grant of the account: auth/set-password.ts.
    const set = await setPassword(ctx, user, newPlain);
    if (!set.done) throw weakPassword(set.problem);
    return ok(changePassword, null);
  });
}

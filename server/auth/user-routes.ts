// GET /centerAuth/user/curLogin/info and POST /centerAuth/user/changePassword. Changing the
// password needs no session: the AU00153 / AU00154 flows reach it before any session exists, and a
// wrong old password there is the login's AU00100 用户名或密码错误 (a name was typed). From the
// account page (a session of that very account) it is AU00107 当前密码错误: no name was typed, and
// the account is known to the caller anyway.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ENCRYPTED_FIELD_BROKEN } from '../../contract/messages.ts';
import { changePassword, currentUser, type ChangePasswordBody } from '../../contract/endpoints/auth.ts';
import type { RouteHooks } from './attempt-policy.ts';
import { decryptPassword } from './decrypt-password.ts';
import { checkPassword } from './password-check.ts';
import { proveSecondFactor, secondFactorNeed, type SecondFactorNeed } from '../mfa/index.ts';
import { useChangeTicket } from './change-ticket.ts';
import { checkSignInPassword } from '../directory/index.ts';
import type { User } from '../records/user.ts';
import type { MfaStep } from '../../contract/endpoints/mfa.ts';
import { setPassword } from './set-password.ts';
import { noticeSecurityChange } from '../account/index.ts';
import { changeDirectoryPassword } from '../directory/index.ts';
import { passwordProblem } from './password-policy.ts';
import { requireSession } from './session-cookie.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { locked, refuse, weakPassword } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { MfaFieldMessages, Refusal } from '../../contract/errors.ts';

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
      fieldMessages: {
        oldPassword: encryptedFieldMessage, newPassword: encryptedFieldMessage, confirmPassword: encryptedFieldMessage,
        ...MfaFieldMessages, changeTicket: Refusal.changeTicketExpired[1],
      },
      rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 },
    },
    ...policy,
  }, async (request) => {
    const { userName, oldPassword, newPassword, confirmPassword, code, recoveryCode, changeTicket } = request.body;
    const name = userName.trim();
    const oldPlain = decryptPassword(ctx, oldPassword);
    const newPlain = decryptPassword(ctx, newPassword);
    const confirmPlain = decryptPassword(ctx, confirmPassword);
    const ownSession = async (username: string | undefined) => {
      const state = username ? await ctx.sessions.resolve(sessionIdOf(request)) : null;
      return state?.kind === 'active' && state.session.username === username;
    };
    // A directory account's current password is checked by a bind at its directory (the sign-in's
    // check), its new one set there (directory/directory-password.ts); both under the same lockout.
    const account = await ctx.stores.users.findUserByName(name);
    const fromDirectory = Boolean(account?.directoryId && !account.disabled);
    const check = await checkPassword(ctx, name, oldPlain, fromDirectory ? (n, plain) => checkSignInPassword(ctx, n, plain) : undefined);
    if (check.outcome === 'locked') throw locked(check.lockedForMs);
    if (check.outcome === 'wrong') throw refuse((await ownSession(account?.username)) ? 'badCurrentPassword' : 'badCredentials');
    const { user } = check;
    // Every factor the sign-in asks is asked here too (issue 31, point 3): the password alone, out
    // of a stolen password list, must not change the password, end every session and clear the
    // lockout. From the account's own session (the account page) the factors were given at sign-in.
    const due = (await ownSession(user.username)) ? null : await secondFactorNeed(ctx, user);
    await check.settle(due !== null);
    if (user.disabled) throw refuse('accountDisabled');
    if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
    if (newPlain === oldPlain) throw refuse('samePassword');
    if (due) {
      // Checked before the proof is used up, so a new password the policy refuses costs no code.
      if (!fromDirectory) {
        const problem = await passwordProblem(newPlain, user);
        if (problem) throw weakPassword(problem);
      }
      await proveFactorForChange(request, user, due, { code, recoveryCode, changeTicket });
    }
    if (fromDirectory) {
      if (!(await changeDirectoryPassword(ctx, user, oldPlain, newPlain))) throw refuse('badCredentials');
    } else {
      // The hash, the lockout, every session and OIDC grant of the account: auth/set-password.ts.
      const set = await setPassword(ctx, user, newPlain);
      if (!set.done) throw weakPassword(set.problem);
    }
    await noticeSecurityChange(ctx, request, user, 'password');
    return ok(changePassword, null);
  });

  /**
   * The second factor of a change outside a session: the forced change's ticket (the sign-in proved
   * the factor: auth/change-ticket.ts), else an enrolled authenticator's code or recovery code (wrong
   * ones count toward the same lockout as the sign-in's). An account that must enrol first, or has
   * a passkey only, has no factor to give here: it signs in first.
   */
  async function proveFactorForChange(request: FastifyRequest, user: User, due: SecondFactorNeed & string, proof: Pick<ChangePasswordBody, 'code' | 'recoveryCode' | 'changeTicket'>) {
    if (proof.changeTicket) {
      if (!(await useChangeTicket(ctx, user, proof.changeTicket))) throw refuse('changeTicketExpired');
      return;
    }
    if (due !== 'verify') throw refuse('secondFactorFirst');
    if (!proof.code && !proof.recoveryCode) {
      const step: MfaStep = { challenge: '', step: 'verify' };
      throw refuse('secondFactorRequired', step);
    }
    await proveSecondFactor(ctx, request, user, { code: proof.code, recoveryCode: proof.recoveryCode }, null);
  }
}

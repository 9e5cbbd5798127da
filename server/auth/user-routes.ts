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
import { verifyPassword, decoyPasswordHash } from './passwords.ts';
import { setPassword } from './set-password.ts';
import { changeDirectoryPassword } from '../directory/directory-password.ts';
import { requireSession } from './session-cookie.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { locked, refuse, weakPassword } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';

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
      fieldMessages: { oldPassword: encryptedFieldMessage, newPassword: encryptedFieldMessage, confirmPassword: encryptedFieldMessage },
      rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 },
    },
    ...policy,
  }, async (request) => {
    const { userName, oldPassword, newPassword, confirmPassword } = request.body;
    const name = userName.trim();
    const lockedForMs = await ctx.lockout.lockedForMs(name);
    if (lockedForMs > 0) throw locked(lockedForMs);
    const oldPlain = decryptPassword(ctx, oldPassword);
    const newPlain = decryptPassword(ctx, newPassword);
    const confirmPlain = decryptPassword(ctx, confirmPassword);
    const user = await ctx.stores.users.findUserByName(name);
    if (user?.directoryId && !user.disabled) {
      // A directory account's password lives in its directory (directory/directory-password.ts).
      if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
      if (newPlain === oldPlain) throw refuse('samePassword');
      if (await changeDirectoryPassword(ctx, user, oldPlain, newPlain)) return ok(changePassword, null);
    }
    if (!user || user.directoryId || !(await verifyPassword(user.passwordHash, oldPlain))) {
      if (!user) await verifyPassword(await decoyPasswordHash(), oldPlain);
      const nowLockedForMs = await ctx.lockout.failAndLockedForMs(name);
      if (nowLockedForMs > 0) throw locked(nowLockedForMs);
      const state = user ? await ctx.sessions.resolve(sessionIdOf(request)) : null;
      const ownAccount = state?.kind === 'active' && state.session.username === user?.username;
      throw refuse(ownAccount ? 'badCurrentPassword' : 'badCredentials');
    }
    if (user.disabled) throw refuse('accountDisabled');
    if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
    if (newPlain === oldPlain) throw refuse('samePassword');
    // The hash, the lockout, every session and OIDC grant of the account: auth/set-password.ts.
    const set = await setPassword(ctx, user, newPlain);
    if (!set.done) throw weakPassword(set.problem);
    return ok(changePassword, null);
  });
}

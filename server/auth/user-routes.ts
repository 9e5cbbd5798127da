// GET /centerAuth/user/curLogin/info and POST /centerAuth/user/changePassword. Changing the
// password needs no session: the AU00153 / AU00154 flows reach it before any session exists.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ENCRYPTED_FIELD_BROKEN } from '../../contract/messages.ts';
import { changePassword, currentUser, type ChangePasswordBody } from '../../contract/endpoints/auth.ts';
import { lockoutKey } from './account-key.ts';
import type { RouteHooks } from './attempt-policy.ts';
import { decryptPassword } from './decrypt-password.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword, verifyPassword, decoyPasswordHash } from './passwords.ts';
import { requireSession } from './session-cookie.ts';
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
    if (!user || !(await verifyPassword(user.passwordHash, oldPlain))) {
      if (!user) await verifyPassword(await decoyPasswordHash(), oldPlain);
      const nowLockedForMs = await ctx.lockout.failAndLockedForMs(name);
      if (nowLockedForMs > 0) throw locked(nowLockedForMs);
      throw refuse('badCredentials');
    }
    if (user.disabled) throw refuse('accountDisabled');
    if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
    if (newPlain === oldPlain) throw refuse('samePassword');
    const problem = await passwordProblem(newPlain, user);
    if (problem) throw weakPassword(problem);
    const newHash = await hashPassword(newPlain);
    const endedSessions = await ctx.storage.transaction(async (tx) => {
      await tx.users.updatePassword(user.id, newHash, ctx.now(), false);
      await tx.lockout.clearFailures(lockoutKey(user.username));
      return tx.sessions.deleteUserSessions(user.id);
    });
    // The ended sessions' listeners sign the OIDC apps out too (single logout); then every grant
    // of the account goes, also those no session links to any more (another browser's prompt=login,
    // a link lost with Redis): a new password ends every token the old one got.
    await ctx.sessions.announceEnded(endedSessions);
    await ctx.accountGrants.revokeAll(user.id);
    return ok(changePassword, null);
  });
}

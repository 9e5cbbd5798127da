// GET /centerAuth/user/curLogin/info and POST /centerAuth/user/changePassword. Changing the
// password needs no session: the AU00153 / AU00154 flows reach it before any session exists.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sm2Decrypt } from '../../crypto/sm2.ts';
import { hashPassword, verifyPassword, decoyPasswordHash } from '../../domain/passwords.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import { lockoutKey } from '../../domain/lockout.ts';
import { locked, refuse, weakPassword } from '../../errors.ts';
import { ok, requireSession, SM2_CIPHER_PATTERN } from '../support.ts';

interface ChangePasswordBody {
  userName: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const cipher = { type: 'string', pattern: SM2_CIPHER_PATTERN } as const;
const changeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userName', 'oldPassword', 'newPassword', 'confirmPassword'],
  properties: {
    userName: { type: 'string', minLength: 1, maxLength: 64 },
    oldPassword: cipher,
    newPassword: cipher,
    confirmPassword: cipher,
  },
} as const;

const encryptedFieldMessage = '密码格式不正确，请刷新页面后重试';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/centerAuth/user/curLogin/info', {
    schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
  }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    return ok({ username: session.username });
  });

  app.post<{ Body: ChangePasswordBody }>('/centerAuth/user/changePassword', {
    schema: { body: changeSchema },
    config: {
      fieldMessages: { oldPassword: encryptedFieldMessage, newPassword: encryptedFieldMessage, confirmPassword: encryptedFieldMessage },
      rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 },
    },
  }, async (request) => {
    const { userName, oldPassword, newPassword, confirmPassword } = request.body;
    const name = userName.trim();
    const lockedForMs = await ctx.lockout.lockedForMs(name);
    if (lockedForMs > 0) throw locked(lockedForMs);
    const [oldPlain, newPlain, confirmPlain] = [oldPassword, newPassword, confirmPassword].map((c) => sm2Decrypt(c, ctx.keys.privateKey));
    if (oldPlain == null || newPlain == null || confirmPlain == null) throw refuse('decryptFailed');
    const user = await ctx.repo.findUserByName(name);
    if (!user || !(await verifyPassword(user.passwordHash, oldPlain))) {
      if (!user) await verifyPassword(await decoyPasswordHash(), oldPlain);
      const nowLockedForMs = await ctx.lockout.failAndLockedForMs(name);
      if (nowLockedForMs > 0) throw locked(nowLockedForMs);
      throw refuse('badCredentials');
    }
    if (newPlain !== confirmPlain) throw refuse('confirmMismatch');
    if (newPlain === oldPlain) throw refuse('samePassword');
    const problem = await passwordProblem(newPlain, user);
    if (problem) throw weakPassword(problem);
    const newHash = await hashPassword(newPlain);
    await ctx.repo.transaction(async (tx) => {
      await tx.updatePassword(user.id, newHash, ctx.now(), false);
      await tx.deleteUserSessions(user.id);
      await tx.clearFailures(lockoutKey(user.username));
    });
    return ok(null);
  });
}

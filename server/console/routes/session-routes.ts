// The first-start setup and the administrator's console session: sign in (the same lockout as the
// login page), re-authenticate (a fresh session), sign out, who am I.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { User } from '../../auth/storage/user-store.ts';
import {
  completeSetup, consoleMe, consoleReauth, consoleSignIn, consoleSignOut, setupNeeded, setupState,
  type CompleteSetupBody, type ConsoleReauthBody, type ConsoleSignInBody,
} from '../../../contract/endpoints/console.ts';
import { ENCRYPTED_FIELD_BROKEN } from '../../../contract/messages.ts';
import { AdminMessages } from '../../../contract/errors.ts';
import { decryptPassword } from '../../auth/decrypt-password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { locked, refuse, weakPassword } from '../../http/api-error.ts';
import { ok } from '../../http/envelope.ts';
import { clearConsoleCookie, consoleSidOf, setConsoleCookie } from '../console-cookie.ts';
import { adminIfSignedIn, consoleMeOf, requireAdmin } from '../console-guard.ts';
import { consoleRefusal } from '../console-refusal.ts';
import { recordAdminAction } from '../record-admin-action.ts';

const passwordFields = { password: ENCRYPTED_FIELD_BROKEN, confirmPassword: ENCRYPTED_FIELD_BROKEN };

/** A new console session for `user` (replacing the one the browser carried), and its answer. */
async function startConsoleSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: User) {
  const sid = await ctx.consoleSessions.start(user, consoleSidOf(request), 'console');
  setConsoleCookie(request, reply, sid);
  const state = await ctx.consoleSessions.resolve(sid);
  if (state.kind !== 'active') throw consoleRefusal('notSignedIn');
  return consoleMeOf({ user, session: state.session });
}

/** The password of `name`, with the login page's lockout; the account when it matches. */
async function checkPassword(ctx: AppContext, request: FastifyRequest, name: string, cipher: string): Promise<User> {
  const lockedForMs = await ctx.lockout.lockedForMs(name);
  if (lockedForMs > 0) throw locked(lockedForMs);
  const plain = decryptPassword(ctx, cipher);
  const user = await ctx.stores.users.findUserByName(name);
  if (!user || !(await verifyPassword(user.passwordHash, plain))) {
    if (!user) await verifyPassword(await decoyPasswordHash(), plain);
    const nowLockedForMs = await ctx.lockout.failAndLockedForMs(name);
    await ctx.stores.audit.recordLogin({ username: name, at: ctx.now(), ip: request.ip, method: 'console', result: nowLockedForMs > 0 ? 'locked' : 'bad_credentials', clientId: null });
    throw nowLockedForMs > 0 ? locked(nowLockedForMs) : refuse('badCredentials');
  }
  await ctx.lockout.reset(name);
  return user;
}

export function registerConsoleSessionRoutes(api: FastifyInstance, ctx: AppContext): void {
  const limited = { rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } };

  api.get<{ Querystring: { token: string } }>(setupState.path, { schema: { querystring: setupState.query }, config: limited }, async (request) => {
    const valid = (await ctx.stores.users.countActiveAdmins()) === 0 && (await ctx.stores.setupTokens.isValid(request.query.token, ctx.now()));
    return ok(setupState, { valid });
  });

  api.get(setupNeeded.path, { schema: { querystring: setupNeeded.query } }, async () => {
    return ok(setupNeeded, { needed: (await ctx.stores.users.countActiveAdmins()) === 0 });
  });

  api.post<{ Body: CompleteSetupBody }>(completeSetup.path, {
    schema: { body: completeSetup.body }, config: { ...limited, fieldMessages: passwordFields },
  }, async (request, reply) => {
    const { token, username } = request.body;
    if (!(await ctx.stores.setupTokens.isValid(token, ctx.now())) || (await ctx.stores.users.countActiveAdmins()) > 0) {
      throw consoleRefusal('setupLinkInvalid');
    }
    const password = decryptPassword(ctx, request.body.password);
    if (password !== decryptPassword(ctx, request.body.confirmPassword)) throw refuse('confirmMismatch');
    const problem = await passwordProblem(password, { username });
    if (problem) throw weakPassword(problem);
    const passwordHash = await hashPassword(password);
    // The link is used up in the same transaction that creates the administrator, one setup at a
    // time: of parallel requests (one link or several) only one creates an administrator, and a
    // refused one leaves its link good.
    const user = await ctx.storage.transaction(async (tx) => {
      await tx.setupTokens.lockSetup();
      if ((await tx.users.countActiveAdmins()) > 0) throw consoleRefusal('setupLinkInvalid');
      if (!(await tx.setupTokens.consume(token, ctx.now()))) throw consoleRefusal('setupLinkInvalid');
      if (await tx.users.findUserByName(username)) throw consoleRefusal('exists', AdminMessages.usernameTaken(username));
      const created = await tx.users.insertUser({
        username, phone: null, passwordHash, passwordChangedAt: ctx.now(), mustChangePassword: false, kind: 'staff', isAdmin: true,
      });
      await tx.setupTokens.clear();
      return created;
    });
    await recordAdminAction(ctx, username, request.ip, 'setup.create-admin', username, null, { username, isAdmin: true });
    return ok(completeSetup, await startConsoleSession(ctx, request, reply, user));
  });

  api.post<{ Body: ConsoleSignInBody }>(consoleSignIn.path, {
    schema: { body: consoleSignIn.body }, config: { ...limited, fieldMessages: passwordFields },
  }, async (request, reply) => {
    const name = request.body.username.trim();
    const user = await checkPassword(ctx, request, name, request.body.password);
    if (!user.isAdmin || user.disabled) {
      await ctx.stores.audit.recordLogin({ username: user.username, at: ctx.now(), ip: request.ip, method: 'console', result: 'not_admin', clientId: null });
      throw consoleRefusal('notAdmin');
    }
    // A password an administrator chose (a new account, a reset) is changed on the login page first.
    if (user.mustChangePassword) {
      await ctx.stores.audit.recordLogin({ username: user.username, at: ctx.now(), ip: request.ip, method: 'console', result: 'must_change', clientId: null });
      throw consoleRefusal('mustChangePassword');
    }
    await ctx.stores.audit.recordLogin({ username: user.username, at: ctx.now(), ip: request.ip, method: 'console', result: 'success', clientId: null });
    return ok(consoleSignIn, await startConsoleSession(ctx, request, reply, user));
  });

  api.post<{ Body: ConsoleReauthBody }>(consoleReauth.path, {
    schema: { body: consoleReauth.body }, config: { ...limited, fieldMessages: passwordFields },
  }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const user = await checkPassword(ctx, request, admin.user.username, request.body.password);
    return ok(consoleReauth, await startConsoleSession(ctx, request, reply, user));
  });

  api.post(consoleSignOut.path, { schema: { body: consoleSignOut.body } }, async (request, reply) => {
    await ctx.consoleSessions.end(consoleSidOf(request));
    clearConsoleCookie(request, reply);
    return ok(consoleSignOut, null);
  });

  api.get(consoleMe.path, { schema: { querystring: consoleMe.query } }, async (request, reply) => {
    const admin = await adminIfSignedIn(ctx, request, reply);
    return ok(consoleMe, admin ? consoleMeOf(admin) : null);
  });
}

// The first-start setup and the administrator's console session: sign in (the same lockout as the
// login page, server/auth/password-check.ts, and the same second factor, server/mfa), the second
// step, re-authenticate (a fresh session), sign out, who am I.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { User } from '../../records/user.ts';
import {
  completeSetup, consoleConfirmEnrolment, consoleMe, consoleReauth, consoleSignIn, consoleSignOut, consoleStartEnrolment,
  consoleVerifySecondFactor, setupNeeded, setupState,
  type CompleteSetupBody, type ConsoleConfirmEnrolmentBody, type ConsoleReauthBody, type ConsoleSignInBody,
  type ConsoleStartEnrolmentBody, type ConsoleVerifySecondFactorBody,
} from '../../../contract/endpoints/console.ts';
import { ENCRYPTED_FIELD_BROKEN } from '../../../contract/messages.ts';
import { AdminMessages, MfaFieldMessages } from '../../../contract/errors.ts';
import { decryptPassword } from '../../auth/index.ts';
import { passwordProblem } from '../../auth/index.ts';
import { hashPassword } from '../../auth/index.ts';
import { checkPassword, type PasswordCheck } from '../../auth/index.ts';
import { askChallengeStep, secondFactorNeed } from '../../mfa/index.ts';
import { confirmEnrolmentStep, passVerifyStep, startEnrolmentStep } from '../../mfa/index.ts';
import { locked, refuse, weakPassword } from '../../http/api-error.ts';
import { ok } from '../../http/envelope.ts';
import { clearConsoleCookie, consoleSidOf, setConsoleCookie } from '../console-cookie.ts';
import { adminIfSignedIn, consoleMeOf, requireAdmin } from '../console-guard.ts';
import { consoleRefusal } from '../console-refusal.ts';
import { recordAdminAction } from '../record-admin-action.ts';

/** Where a console challenge's sign-in goes (the challenge record wants a place; the console page stays). */
const CONSOLE_HOME = '/admin';

const passwordFields = { password: ENCRYPTED_FIELD_BROKEN, confirmPassword: ENCRYPTED_FIELD_BROKEN };

/** A new console session for `user` (replacing the one the browser carried), and its answer. */
async function startConsoleSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: User) {
  const sid = await ctx.consoleSessions.start(user, consoleSidOf(request), 'console');
  setConsoleCookie(request, reply, sid);
  const state = await ctx.consoleSessions.resolve(sid);
  if (state.kind !== 'active') throw consoleRefusal('notSignedIn');
  return consoleMeOf({ user, session: state.session });
}

const auditConsole = (ctx: AppContext, request: FastifyRequest, username: string, result: string) =>
  ctx.stores.audit.recordLogin({ username, at: ctx.now(), ip: request.ip, method: 'console', result, clientId: null });

/** A console sign-in's refusals for a wrong or locked password, audited. */
async function refusePassword(ctx: AppContext, request: FastifyRequest, name: string, check: Exclude<PasswordCheck, { outcome: 'right' }>): Promise<never> {
  await auditConsole(ctx, request, name, check.outcome === 'locked' ? 'locked' : 'bad_credentials');
  throw check.outcome === 'locked' ? locked(check.lockedForMs) : refuse('badCredentials');
}

/**
 * What the console sign-in still asks of `user` after the right password: the portal's second
 * factor (server/mfa/second-factor.ts), and, with SSO_CONSOLE_REQUIRE_SECOND_FACTOR, an
 * authenticator app of every administrator (enrolled now when there is none). The console has no
 * passkey sign-in, so an account its group sends to the passkey enrols an app here. 'refuse': a
 * factor is required that a non-administrator cannot give here; the answer is the wrong
 * password's, so the console tells no one whether a password was right until every factor is given.
 */
async function consoleFactorNeed(ctx: AppContext, user: User): Promise<'verify' | 'enrol' | 'refuse' | null> {
  const need = await secondFactorNeed(ctx, user);
  if (need === 'verify') return 'verify';
  const administrator = user.isAdmin && !user.disabled;
  if (need !== null || ctx.config.consoleRequireSecondFactor) return administrator ? 'enrol' : 'refuse';
  return null;
}

/** After every factor: only an administrator whose password needs no change gets a console session. */
async function finishConsoleSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: User) {
  if (!user.isAdmin || user.disabled) {
    await auditConsole(ctx, request, user.username, 'not_admin');
    throw consoleRefusal('notAdmin');
  }
  // A password an administrator chose (a new account, a reset) is changed on the login page first.
  if (user.mustChangePassword) {
    await auditConsole(ctx, request, user.username, 'must_change');
    throw consoleRefusal('mustChangePassword');
  }
  await auditConsole(ctx, request, user.username, 'success');
  return startConsoleSession(ctx, request, reply, user);
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
    const check = await checkPassword(ctx, name, decryptPassword(ctx, request.body.password));
    if (check.outcome !== 'right') return refusePassword(ctx, request, name, check);
    const need = await consoleFactorNeed(ctx, check.user);
    // The try stays counted while a factor is due (wrong codes lock like wrong passwords) and
    // when the answer is the wrong password's.
    await check.settle(need !== null);
    if (need === 'refuse') {
      await auditConsole(ctx, request, name, 'not_admin');
      throw refuse('badCredentials');
    }
    if (need !== null) await askChallengeStep(ctx, request, check.user, need, 'console', CONSOLE_HOME);
    return ok(consoleSignIn, await finishConsoleSignIn(ctx, request, reply, check.user));
  });

  const codeLimits = { ...limited, fieldMessages: MfaFieldMessages };

  api.post<{ Body: ConsoleVerifySecondFactorBody }>(consoleVerifySecondFactor.path, {
    schema: { body: consoleVerifySecondFactor.body }, config: codeLimits,
  }, async (request, reply) => {
    const { challenge, code, recoveryCode } = request.body;
    const { user } = await passVerifyStep(ctx, request, challenge, { code, recoveryCode }, 'console');
    return ok(consoleVerifySecondFactor, await finishConsoleSignIn(ctx, request, reply, user));
  });

  api.post<{ Body: ConsoleStartEnrolmentBody }>(consoleStartEnrolment.path, {
    schema: { body: consoleStartEnrolment.body }, config: codeLimits,
  }, async (request) => ok(consoleStartEnrolment, await startEnrolmentStep(ctx, request.body.challenge, 'console')));

  api.post<{ Body: ConsoleConfirmEnrolmentBody }>(consoleConfirmEnrolment.path, {
    schema: { body: consoleConfirmEnrolment.body }, config: codeLimits,
  }, async (request, reply) => {
    const { user, recoveryCodes } = await confirmEnrolmentStep(ctx, request, request.body.challenge, request.body.code, 'console');
    return ok(consoleConfirmEnrolment, { ...(await finishConsoleSignIn(ctx, request, reply, user)), recoveryCodes });
  });

  api.post<{ Body: ConsoleReauthBody }>(consoleReauth.path, {
    schema: { body: consoleReauth.body }, config: { ...limited, fieldMessages: passwordFields },
  }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const name = admin.user.username;
    const check = await checkPassword(ctx, name, decryptPassword(ctx, request.body.password));
    if (check.outcome !== 'right') return refusePassword(ctx, request, name, check);
    // The session proved the second factor at sign-in; this proves the person is still there.
    await check.settle(false);
    return ok(consoleReauth, await startConsoleSession(ctx, request, reply, check.user));
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

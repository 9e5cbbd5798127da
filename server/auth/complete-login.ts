// The one way every sign-in method (password, SMS code, WeCom, Feishu, passkey, the second step)
// ends: where the browser goes next, the audit line, the disabled and must-change rules, and the new session (or, embedded on a brand site,
// a one-time ticket).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ClientGroup } from '../records/catalog.ts';
import { ownOrigin } from '../http/origins.ts';
import { refuse } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { doLogin, type MustChangeDetail } from '../../contract/endpoints/auth.ts';
import { issueChangeTicket } from './change-ticket.ts';
import { DEFAULT_REDIRECT, safeRedirect } from '../../contract/rules/callback.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { setSessionCookie } from './session-cookie.ts';
import type { LoginAttempt } from './storage/login-audit-store.ts';
import type { User } from '../records/user.ts';
import { rememberDevice } from './session-device.ts';

/**
 * Where the browser goes after this login: the callBack when it is safe, else /home. A foreign or
 * malformed callBack is never followed, but it does not stop the user from signing in either.
 */
export function loginRedirect(request: FastifyRequest, group: ClientGroup, callBack: string | undefined): string {
  const target = safeRedirect(callBack, ownOrigin(request), group.callbackOrigins);
  if (target !== null) return target;
  request.log.info('callBack not allowed: sending the user to /home instead');
  return DEFAULT_REDIRECT;
}

export function audit(
  ctx: AppContext, request: FastifyRequest, username: string, method: LoginAttempt['method'], result: string, clientId?: string,
): Promise<void> {
  return ctx.stores.audit.recordLogin({ username, at: ctx.now(), ip: request.ip, method, result, clientId: clientId ?? null });
}

/**
 * SMS and messenger logins prove the phone or the messenger account, not the password: an aged
 * password (AU00153) does not stop them, but an account flagged must-change (AU00154: first login,
 * or a reset by an administrator) signs in only after changing its password, which needs the
 * password login's change dialog (docs/server.md).
 */
export async function refuseMustChange(
  ctx: AppContext, request: FastifyRequest, user: User, method: LoginAttempt['method'], clientId?: string,
): Promise<void> {
  if (!user.mustChangePassword) return;
  await audit(ctx, request, user.username, method, 'must_change', clientId);
  // After a second factor the change must not ask it again (a passkey cannot be asked in the change
  // dialog): the answer carries a one-time proof of it (auth/change-ticket.ts).
  if (!SECOND_FACTOR_METHODS.has(method)) throw refuse('firstLogin');
  const detail: MustChangeDetail = { username: user.username, changeTicket: await issueChangeTicket(ctx, user, method) };
  throw refuse('firstLogin', detail);
}

/** The methods that end a sign-in having proven a second factor (a passkey is one on its own). */
const SECOND_FACTOR_METHODS: ReadonlySet<LoginAttempt['method']> = new Set(['passkey', 'totp', 'recovery_code']);

/** Rotates the session, records the success and answers the login data. */
export async function completeLogin(
  ctx: AppContext, request: FastifyRequest, reply: FastifyReply,
  user: User, method: LoginAttempt['method'], redirect: string, clientId?: string,
) {
  // Every sign-in method ends here: a disabled account gets no session and no ticket.
  if (user.disabled) {
    await audit(ctx, request, user.username, method, 'disabled', clientId);
    throw refuse('accountDisabled');
  }
  // Every way in honours "must change password" (AU00154: first sign-in, an administrator's reset),
  // the passkey's too (issue 31): checked here once rather than in each method.
  await refuseMustChange(ctx, request, user, method, clientId);
  if (request.embedOrigin) {
    // Embedded on a brand site: the browser would drop our cookie there, so hand out a one-time
    // ticket that a top-level visit to the SSO origin redeems (embedding/ticket-routes.ts).
    const answer = await ctx.issueLoginTicket(ctx, request, user, redirect, method);
    await audit(ctx, request, user.username, method, 'success', clientId);
    return answer;
  }
  const sid = await ctx.sessions.start(user, sessionIdOf(request), method);
  await rememberDevice(ctx, request, user.id, sid);
  setSessionCookie(request, reply, sid);
  await audit(ctx, request, user.username, method, 'success', clientId);
  // Every sign-in method answers doLogin's LoginAnswer (WeCom and Feishu name the same type).
  return ok(doLogin, { username: user.username, redirect });
}

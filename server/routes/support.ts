// Helpers shared by the route modules: the success envelope, session cookies, the session guard,
// the client group of a request, and finishing a successful login.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ClientGroup, LoginAttempt, Session, User } from '../db/repository.ts';
import { pickGroup, type RequestOrigin } from '../domain/client-groups.ts';
import { ownOrigin } from '../domain/embed-origins.ts';
import { DEFAULT_REDIRECT, safeRedirect } from '../domain/redirect.ts';
import { cookieNames, secureCookie, sessionIdOf } from '../http/cookie-names.ts';
import { issueXsrfToken } from '../plugins/xsrf.ts';
import { refuse, sessionExpired } from '../errors.ts';
import { issueLoginTicket } from './centerAuth/ticket.ts';
import { MOBILE_PATTERN_SOURCE } from '../../widget/core/phone-pattern.ts';

export const ok = <T>(data: T) => ({ code: 200, msg: 'success', data });

/** The widget's phone rule (one source), so the form and the API never disagree on a number. */
export const PHONE_PATTERN = MOBILE_PATTERN_SOURCE;
export const SM2_CIPHER_PATTERN = '^[0-9a-fA-F]{194,4096}$';

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, port: String(request.port ?? '') };
}

/** The new session's cookie, and the XSRF token bound to it (rotated at every sign-in). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sid: string): void {
  reply.setCookie(cookieNames(request).session, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie(request) });
  issueXsrfToken(request, reply, sid);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieNames(request).session, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie(request) });
  issueXsrfToken(request, reply, null);
}

/** The active session, or: HTTP 424 when the cookie's session timed out, AU00300 without one. */
export async function requireSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const state = await ctx.sessions.resolve(sessionIdOf(request));
  if (state.kind === 'active') return state.session;
  if (state.kind === 'expired') {
    clearSessionCookie(request, reply);
    throw sessionExpired();
  }
  throw refuse('notLoggedIn');
}

/** The client group for ssoDomain, or for the Host the request came in on. */
export async function groupFor(ctx: AppContext, request: FastifyRequest, ssoDomain: string | undefined): Promise<ClientGroup> {
  const group = pickGroup(await ctx.repo.listGroups(), ssoDomain || request.hostname);
  if (!group) throw new Error('no client group is configured (run npm run admin -- seed)');
  return group;
}

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
  return ctx.repo.recordLogin({ username, at: ctx.now(), ip: request.ip, method, result, clientId: clientId ?? null });
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
  throw refuse('firstLogin');
}

/** Rotates the session, records the success and answers the login data. */
export async function completeLogin(
  ctx: AppContext, request: FastifyRequest, reply: FastifyReply,
  user: User, method: LoginAttempt['method'], redirect: string, clientId?: string,
) {
  if (request.embedOrigin) {
    // Embedded on a brand site: the browser would drop our cookie there, so hand out a one-time
    // ticket that a top-level visit to the SSO origin redeems (routes/centerAuth/ticket.ts).
    const answer = await issueLoginTicket(ctx, request, user, redirect);
    await audit(ctx, request, user.username, method, 'success', clientId);
    return answer;
  }
  const sid = await ctx.sessions.start(user, sessionIdOf(request));
  setSessionCookie(request, reply, sid);
  await audit(ctx, request, user.username, method, 'success', clientId);
  return ok({ username: user.username, redirect });
}

// The session cookie (HttpOnly, SameSite=Lax, Secure over https) and the session guard of the
// calls that need a signed-in user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse, sessionExpired } from '../http/api-error.ts';
import { cookieNames, secureCookie, sessionIdOf } from '../http/cookie-names.ts';
import { issueXsrfToken } from '../http/xsrf.ts';
import type { Session } from '../records/session.ts';

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

// The session cookie (HttpOnly, SameSite=Lax, Secure over https) and the session guard of the
// calls that need a signed-in user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse, sessionExpired } from '../http/api-error.ts';
import { SESSION_COOKIE } from './sessions.ts';
import type { Session } from './storage/session-store.ts';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sid: string): void {
  reply.setCookie(SESSION_COOKIE, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** The active session, or: HTTP 424 when the cookie's session timed out, AU00300 without one. */
export async function requireSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const state = await ctx.sessions.resolve(request.cookies[SESSION_COOKIE]);
  if (state.kind === 'active') return state.session;
  if (state.kind === 'expired') {
    clearSessionCookie(request, reply);
    throw sessionExpired();
  }
  throw refuse('notLoggedIn');
}

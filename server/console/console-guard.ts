// Every console call but the setup, the sign-in and the GET /console/me probe (data null without a
// session) runs behind requireAdmin: an administrator's live console session (401 AU00600 without
// one, 403 AU00601 for an account that is not, or no longer, an enabled administrator), never data. requireRecentAuth guards what asks for the
// password again: another administrator, a client secret, a signing key.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Session } from '../records/session.ts';
import type { User } from '../records/user.ts';
import type { ConsoleMe } from '../../contract/endpoints/console.ts';
import { clearConsoleCookie, consoleSidOf } from './console-cookie.ts';
import { consoleRefusal } from './console-refusal.ts';
import { CONSOLE_REAUTH_MS, CONSOLE_SESSION_IDLE_MS } from './console-timeouts.ts';

export interface ConsoleAdmin {
  user: User;
  session: Session;
}

export async function requireAdmin(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<ConsoleAdmin> {
  const admin = await adminIfSignedIn(ctx, request, reply);
  if (!admin) throw consoleRefusal('notSignedIn');
  return admin;
}

/**
 * The administrator of the request's console session, or null without a live one (the cookie is
 * cleared); 403 AU00601 for a session of an account that is no (longer an enabled) administrator.
 * GET /console/me alone asks this way: the page's probe, answered 200 with data null when signed out.
 */
export async function adminIfSignedIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<ConsoleAdmin | null> {
  const sid = consoleSidOf(request);
  const state = await ctx.consoleSessions.resolve(sid);
  if (state.kind !== 'active') {
    if (sid) clearConsoleCookie(request, reply);
    return null;
  }
  const user = await ctx.stores.users.findUserById(state.session.userId);
  if (!user || !user.isAdmin || user.disabled) {
    await ctx.consoleSessions.end(sid);
    clearConsoleCookie(request, reply);
    throw consoleRefusal('notAdmin');
  }
  return { user, session: state.session };
}

/** The console session began (a sign-in or a re-authentication) within the last five minutes. */
export function requireRecentAuth(ctx: AppContext, admin: ConsoleAdmin): void {
  if (ctx.now() - admin.session.createdAt > CONSOLE_REAUTH_MS) throw consoleRefusal('reauthRequired');
}

export function consoleMeOf(admin: ConsoleAdmin): ConsoleMe {
  return {
    username: admin.user.username,
    reauthUntil: admin.session.createdAt + CONSOLE_REAUTH_MS,
    idleUntil: admin.session.lastSeenAt + CONSOLE_SESSION_IDLE_MS,
  };
}

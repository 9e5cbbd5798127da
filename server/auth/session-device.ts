// Where a new portal session was signed in from (its browser and address), for the account's
// session list (account/, its store ctx.stores.account). Called where a session starts
// (completeLogin, a login ticket's redeem in embedding/), so it is the starting slice's, beside
// sessions.ts: in account/, auth/complete-login.ts importing it would close an import circle
// (account/ builds on auth/). A failure here never stops the sign-in.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionHandleOf } from './sessions.ts';

export async function rememberDevice(ctx: AppContext, request: FastifyRequest, userId: number, sid: string): Promise<void> {
  try {
    await ctx.stores.account.rememberDevice(userId, {
      idHash: sessionHandleOf(sid), ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''),
    }, ctx.now(), ctx.config.sessionAbsoluteMs + 24 * 3600_000);
  } catch (error) {
    request.log.warn({ err: error }, 'session device not recorded');
  }
}

// Where a new portal session was signed in from (its browser and address), for the account's
// session list. Called where a session starts (completeLogin, a login ticket's redeem); a failure
// here never stops the sign-in.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/** The stored handle of a session id: the same SHA-256 the session store keys on (auth/sessions.ts). */
export const sessionHandleOf = (sid: string): string => crypto.createHash('sha256').update(sid).digest('base64url');

export async function rememberDevice(ctx: AppContext, request: FastifyRequest, userId: number, sid: string): Promise<void> {
  try {
    await ctx.stores.account.rememberDevice(userId, {
      idHash: sessionHandleOf(sid), ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''),
    }, ctx.now(), ctx.config.sessionAbsoluteMs + 24 * 3600_000);
  } catch (error) {
    request.log.warn({ err: error }, 'session device not recorded');
  }
}

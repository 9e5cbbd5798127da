// The proof a forced password change carries (issue 31, point 3). A sign-in that proved a second
// factor (a passkey, an authenticator code, a new authenticator) and then met "must change
// password" (AU00154) ends without a session, so changePassword, which runs outside one, would
// have to ask that factor again, and a passkey cannot be asked in the change dialog. The AU00154
// answer carries a one-time ticket instead: a challenge of the second step's table (ctx.stores.mfa), purpose
// 'change-password', bound to the account, used up by the change, dead after 5 minutes.
import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { User } from '../records/user.ts';

/** As long as a sign-in's second step waits (mfa/second-factor.ts). */
const TICKET_LIFETIME_MS = 5 * 60_000;

export async function issueChangeTicket(ctx: AppContext, user: User, method: string): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.stores.mfa.createChallenge(ticket, {
    userId: user.id, method, redirect: '', clientId: null, purpose: 'change-password',
  }, now + TICKET_LIFETIME_MS, now);
  return ticket;
}

/** True for the one caller that used `ticket` up while it was valid and `user`'s. */
export async function useChangeTicket(ctx: AppContext, user: User, ticket: string): Promise<boolean> {
  const found = await ctx.stores.mfa.findChallenge(ticket, ctx.now());
  if (!found || found.purpose !== 'change-password' || found.userId !== user.id) return false;
  return ctx.stores.mfa.consumeChallenge(ticket, ctx.now());
}

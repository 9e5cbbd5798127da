// Setting an account's password: the one place it happens (issue 24). Four callers: the person's
// own change (user-routes.ts), the SMS reset (password-reset-routes.ts), the console and the admin
// CLI (account-admin.ts `setPasswordByAdmin`, which cli.ts's reset-password calls). Each checks
// what is its own (the old password, the SMS code, an administrator's rights); then this:
//   1. the password policy (password-policy.ts): a weak password changes nothing;
//   2. in one transaction: the new argon2id hash (with "must change at next sign-in" when an
//      administrator asks), the password lockout of the name cleared, every portal session and
//      every console session of the account deleted (in Redis when scaled out: those writes happen
//      at once, storage.ts), and the caller's own step (the reset uses up its SMS code there);
//   3. the ended portal sessions announced (single logout: OIDC, CAS and SAML apps), then every
//      OIDC grant of the account revoked with its codes, access and refresh tokens
//      (oidc/account-grants.ts), also grants no session links to any more: a new password ends
//      everything the old one got.
// Where the copies disagreed before, the safer one won: the routes left the account's console
// sessions open and the console / CLI ended the sessions after the password's transaction; now
// both end console sessions too, inside the transaction.
import type { AppContext } from '../context.ts';
import type { Stores } from '../stores.ts';
import { lockoutKey } from './account-key.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import type { User } from '../records/user.ts';

export interface SetPasswordOptions {
  /** The next sign-in asks for a new password (an administrator's choice); false otherwise. */
  mustChange?: boolean;
  /** The caller's own step, in the same transaction before the password is written (the reset's SMS code). */
  inTransaction?: (tx: Stores) => Promise<void>;
}

export type SetPasswordResult =
  | { done: false; problem: string }
  | { done: true; endedSessions: number };

export async function setPassword(ctx: AppContext, user: User, plain: string, options: SetPasswordOptions = {}): Promise<SetPasswordResult> {
  const problem = await passwordProblem(plain, user);
  if (problem) return { done: false, problem };
  const hash = await hashPassword(plain);
  const ended = await ctx.storage.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    await tx.users.updatePassword(user.id, hash, ctx.now(), options.mustChange === true);
    await tx.lockout.clearFailures(lockoutKey(user.username));
    await tx.consoleSessions.deleteUserSessions(user.id);
    return tx.sessions.deleteUserSessions(user.id);
  });
  await ctx.sessions.announceEnded(ended);
  await ctx.accountGrants.revokeAll(user.id);
  return { done: true, endedSessions: ended.length };
}

// The one password check (issue 31): every place that checks a password (the portal's doLogin, the
// console's sign-in and re-authentication, changePassword, which the account page's password change
// also calls, and the coming directory sign-in) calls this, so they share one lockout rule:
//   1. a try is reserved before the argon2 verify (lockout.ts reserveTry: counted atomically, one
//      SQL statement or one Redis script), so N parallel guesses get at most lockoutMaxFailures
//      verifies and the rest, right password or not, are answered with the lock;
//   2. a wrong password keeps its try counted (and may lock);
//   3. a right password keeps it too until the caller knows nothing else is due: `settle(false)`
//      gives the tries back (clears the count) only when no second factor is still to be given, so
//      a right password never resets the count of wrong authenticator codes.
// A name without an account is checked against a decoy hash and counted the same, so neither the
// time nor the answer tells whether the account exists.
import type { AppContext } from '../context.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import type { User } from '../records/user.ts';

export type PasswordCheck =
  /** The password is locked (before or by this try): answer the lock, with the minutes left. */
  | { outcome: 'locked'; lockedForMs: number }
  | { outcome: 'wrong' }
  /** Right; `settle(secondFactorDue)` must be called once the caller knows what is still due. */
  | { outcome: 'right'; user: User; settle: (secondFactorDue: boolean) => Promise<void> };

/** Who `name` is and whether `plain` is their password; throws when the password cannot be checked now. */
export type PasswordVerifier = (name: string, plain: string) => Promise<{ user: User | null; matches: boolean }>;

type CheckContext = Pick<AppContext, 'lockout' | 'stores'>;

/** The local check: the account's own argon2id hash, or a decoy for a name without an account. */
const localVerifier = (ctx: CheckContext): PasswordVerifier => async (name, plain) => {
  const user = await ctx.stores.users.findUserByName(name);
  return { user, matches: await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), plain) };
};

/**
 * `verify`: the password sign-in passes the directory-aware check (directory/sign-in-password.ts).
 * When it throws (a directory that did not answer), the reserved try is given back: a password that
 * could not be checked is no guess, and an outage never locks anyone.
 */
export async function checkPassword(ctx: CheckContext, name: string, plain: string, verify: PasswordVerifier = localVerifier(ctx)): Promise<PasswordCheck> {
  const lockedForMs = await ctx.lockout.reserveTry(name);
  if (lockedForMs > 0) return { outcome: 'locked', lockedForMs };
  let checked: Awaited<ReturnType<PasswordVerifier>>;
  try {
    checked = await verify(name, plain);
  } catch (error) {
    await ctx.lockout.giveBackTry(name);
    throw error;
  }
  const { user, matches } = checked;
  if (!user || !matches) {
    // The try is counted already; this one may have been the one that locked.
    const nowLockedForMs = await ctx.lockout.lockedForMs(name);
    return nowLockedForMs > 0 ? { outcome: 'locked', lockedForMs: nowLockedForMs } : { outcome: 'wrong' };
  }
  return {
    outcome: 'right', user,
    settle: async (secondFactorDue) => {
      if (!secondFactorDue) await ctx.lockout.reset(name);
    },
  };
}

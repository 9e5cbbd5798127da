// The password check of the password sign-in (auth/do-login-route.ts): a local account's own hash,
// or a bind at its directory (directory-sign-in.ts). Answers the account and whether the password
// matched, as the local check always has; a directory that cannot be asked is its own refusal
// (AU00196 目录服务暂时不可用), thrown here so it is never counted as a wrong password.
import type { AppContext } from '../context.ts';
import type { User } from '../records/user.ts';
import { decoyPasswordHash, verifyPassword } from '../auth/index.ts';
import { refuse } from '../http/api-error.ts';
import { signInByDirectory } from './directory-sign-in.ts';

export async function checkSignInPassword(ctx: AppContext, name: string, plain: string): Promise<{ user: User | null; matches: boolean }> {
  const user = await ctx.stores.users.findUserByName(name);
  if (user && !user.directoryId) return { user, matches: await verifyPassword(user.passwordHash, plain) };
  const result = await signInByDirectory(ctx, name, plain, user);
  if (result.outcome === 'unavailable') throw refuse('directoryDown');
  if (result.outcome === 'disabled') throw refuse('accountDisabled');
  if (result.outcome === 'signedIn') return { user: result.user, matches: true };
  // Neither a local account nor a directory's: the decoy hash keeps the answer's time the same.
  if (!user) await verifyPassword(await decoyPasswordHash(), plain);
  return { user, matches: false };
}

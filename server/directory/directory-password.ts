// 修改密码 for an account that came from a directory: with passwordWriteBack the new password is
// set in the directory bound as the person with the current one, so the directory's own policy and
// history apply: on an LDAP server by the Password Modify extended operation (RFC 3062), on Active
// Directory (kind active-directory, which has no RFC 3062) by replacing unicodePwd over LDAPS or
// StartTLS (ad-password.ts). Otherwise the answer says where the password is changed (AU00197
// 请在公司目录中修改密码) and nothing changes. The SMS reset never writes a directory password: it
// would need the service account to hold reset rights over every person.
import type { AppContext } from '../context.ts';
import type { User } from '../records/user.ts';
import { refuse, weakPassword } from '../http/api-error.ts';
import { endAccountAccess } from '../auth/index.ts';
import { DirectoryError, modifyPassword, withServiceAccount } from './ldap-connection.ts';
import { findPerson } from './directory-search.ts';
import { changeUnicodePwd, everyUrlEncrypted } from './ad-password.ts';

/** Answers false when the current password is wrong (the caller counts it like a local one). */
export async function changeDirectoryPassword(ctx: AppContext, user: User, oldPlain: string, newPlain: string): Promise<boolean> {
  const directory = user.directoryId ? await ctx.stores.directories.get(user.directoryId) : null;
  if (!directory || !directory.config.passwordWriteBack) throw refuse('changeInDirectory');
  const { config } = directory;
  const activeDirectory = config.kind === 'active-directory';
  // Saving refuses this configuration (directory-config.ts); a password is never sent to AD in the clear.
  if (activeDirectory && !everyUrlEncrypted(config)) throw refuse('changeInDirectory');
  let changed: boolean;
  try {
    const password = await ctx.stores.directories.bindPassword(config.id);
    const person = await withServiceAccount(config, password, (client) => findPerson(client, config, user.username));
    if (!person) return false;
    changed = activeDirectory
      ? await changeUnicodePwd(config, person.dn, oldPlain, newPlain)
      : await modifyPassword(config, person.dn, oldPlain, newPlain);
  } catch (error) {
    if (!(error instanceof DirectoryError)) throw error;
    if (error.unavailable) throw refuse('directoryDown');
    // The directory refused the new password (its policy, its history): AD's in our words
    // (adPasswordPolicy), an LDAP server's in its own.
    throw weakPassword(error.message);
  }
  if (!changed) return false;
  // As a local change does (auth/set-password.ts): the lockout clears, every session and grant ends.
  await ctx.lockout.reset(user.username);
  await endAccountAccess(ctx, user);
  return true;
}

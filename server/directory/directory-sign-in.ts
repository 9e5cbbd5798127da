// Sign-in through a company directory (called by the password sign-in, auth/do-login-route.ts). A
// local account (no directory) is never looked up in a directory: its own password decides. A name
// that is no account here, or an account that came from a directory, is looked up in the
// directories in the order they were added (an account of one directory only in that one); the
// first that has the person answers. The typed password is checked by binding as the person's DN;
// on success the account is created or refreshed (phone, type, mapped memberships), so a person
// moved between groups sees the right apps at this sign-in, not the next sync.
import type { AppContext } from '../context.ts';
import type { User } from '../records/user.ts';
import { setAccountDisabled } from '../auth/index.ts';
import type { DirectoryConfig } from './directory-config.ts';
import { DirectoryError, passwordBinds, withServiceAccount } from './ldap-connection.ts';
import { findPerson, isDisabledEntry, mappedGroupsOf, personGroupMembers, type DirectoryPerson } from './directory-search.ts';
import { directoryDisplayName, directoryUsername } from './directory-username.ts';

export type DirectorySignIn =
  /** The directory accepted the password: the account as it is now (may be disabled). */
  | { outcome: 'signedIn'; user: User }
  /** No directory has the person, or the password is wrong (or a local account took the name meanwhile). */
  | { outcome: 'refused' }
  /** The password is right but the entry matches disabledFilter and no account exists here. */
  | { outcome: 'disabled' }
  /** A directory that may have the person did not answer: not a wrong password. */
  | { outcome: 'unavailable' };

interface Found { config: DirectoryConfig; person: DirectoryPerson; disabled: boolean; groups: string[] }

/** Looks the person up with the service account; null when this directory does not have them. */
async function lookUp(ctx: AppContext, config: DirectoryConfig, username: string): Promise<Found | null> {
  const password = await ctx.stores.directories.bindPassword(config.id);
  return withServiceAccount(config, password, async (client) => {
    const person = await findPerson(client, config, username);
    if (!person || directoryUsername(person.username) !== username) return null;
    const disabled = await isDisabledEntry(client, config, person.dn);
    const groups = mappedGroupsOf(person, config, await personGroupMembers(client, config, person));
    return { config, person, disabled, groups };
  });
}

/**
 * Checks `password` for `username` against the directories. `local` is the account of that name
 * here, if any, and must be a directory account (the caller keeps local accounts to themselves).
 */
export async function signInByDirectory(ctx: AppContext, username: string, password: string, local: User | null): Promise<DirectorySignIn> {
  const all = (await ctx.stores.directories.list()).map((d) => d.config);
  const directories = local ? all.filter((d) => d.id === local.directoryId) : all;
  const name = directoryUsername(username);
  // No directory to ask (none configured, or the account's was removed): nothing can accept the password.
  if (!name || directories.length === 0) return { outcome: 'refused' };
  let unavailable = false;
  for (const config of directories) {
    let found: Found | null;
    try {
      found = await lookUp(ctx, config, name);
    } catch (error) {
      if (!(error instanceof DirectoryError)) throw error;
      // A directory that cannot be asked may hold the person: never answer "wrong password" for it.
      unavailable = true;
      continue;
    }
    if (!found) continue;
    let binds: boolean;
    try {
      // An empty password never reaches the bind (passwordBinds refuses it first).
      binds = await passwordBinds(config, found.person.dn, password);
    } catch (error) {
      if (!(error instanceof DirectoryError)) throw error;
      return { outcome: 'unavailable' };
    }
    if (!binds) return { outcome: 'refused' };
    const user = await refreshAccount(ctx, name, found, local);
    return user === 'clash' ? { outcome: 'refused' } : user === 'disabled' ? { outcome: 'disabled' } : { outcome: 'signedIn', user };
  }
  return unavailable ? { outcome: 'unavailable' } : { outcome: 'refused' };
}

/** Creates or refreshes the account from the directory entry; disables it when the entry matches disabledFilter. */
async function refreshAccount(ctx: AppContext, username: string, found: Found, local: User | null): Promise<User | 'clash' | 'disabled'> {
  const { config, person } = found;
  const knownGroups = new Set((await ctx.stores.catalog.listGroups()).map((g) => g.code));
  const wanted = found.groups.filter((code) => knownGroups.has(code));
  const user = await ctx.storage.transaction(async (tx) => {
    const holder = person.phone ? await tx.users.findUserByPhone(person.phone) : null;
    const phone = person.phone && (!holder || holder.username === username) ? person.phone : null;
    const displayName = directoryDisplayName(person.name);
    let account = local ?? (await tx.users.findUserByName(username));
    // Taken meanwhile by a local account (or another directory's): never taken over.
    if (account && account.directoryId !== config.id) return 'clash' as const;
    if (!account) {
      if (found.disabled) return 'disabled' as const;
      account = await tx.users.insertUser({
        username, phone, passwordHash: '', passwordChangedAt: ctx.now(), mustChangePassword: false, kind: config.accountType, directoryId: config.id, displayName,
      });
    } else if (account.phone !== phone || account.kind !== config.accountType || account.displayName !== displayName) {
      await tx.directories.updateAccount(account.id, { phone, kind: config.accountType, displayName });
    }
    const had = new Set(await tx.directories.membershipsOf(account.id, config.id));
    for (const code of wanted) if (!had.has(code)) await tx.directories.addMembership(account.id, code, config.id);
    for (const code of had) if (!wanted.includes(code)) await tx.directories.removeMembership(account.id, code);
    return tx.users.findUserById(account.id);
  });
  if (user === 'clash' || user === 'disabled' || !user) return user ?? 'clash';
  if (found.disabled && !user.disabled) {
    await setAccountDisabled(ctx, user, true);
    return { ...user, disabled: true };
  }
  return user;
}

// What an administrator does with directories, one set for the console (console-directory-routes),
// the import file (seed/import.ts) and the CLI (cli.ts): save (create or update by id), list,
// remove, test (bind and count every person), sync now, and link a local account to a directory on
// purpose. A saved directory takes effect at once: sign-in reads the directories on each attempt
// and the scheduler (directory-plugin.ts) reads them on each tick.
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { AdminMessages, DirectoryMessages } from '../../contract/errors.ts';
import type { ConsoleDirectory, DirectorySyncResult, DirectoryTestResult } from '../../contract/endpoints/console-directories.ts';
import type { User } from '../records/user.ts';
import { endAccountAccess } from '../auth/index.ts';
import { storeDirectory, type DirectoryInput, type SaveOptions } from './directory-save.ts';
import { DirectoryError, withServiceAccount } from './ldap-connection.ts';
import { countPeople, findPerson } from './directory-search.ts';
import { runSync } from './directory-sync.ts';
import type { StoredDirectory } from './directory-store.ts';

export type { DirectoryInput } from './directory-save.ts';

function toConsole(stored: StoredDirectory): ConsoleDirectory {
  return { ...stored.config, hasBindPassword: true, lastSync: stored.lastSync, updatedAt: stored.updatedAt };
}

export async function requireDirectory(ctx: AppContext, id: string): Promise<StoredDirectory> {
  const found = await ctx.stores.directories.get(id);
  if (!found) throw new AdminActionError('notFound', DirectoryMessages.notFound(id));
  return found;
}

export async function listDirectories(ctx: AppContext): Promise<ConsoleDirectory[]> {
  return (await ctx.stores.directories.list()).map(toConsole);
}

/** Creates or updates the directory; answers it as the console shows it. */
export async function saveDirectory(ctx: AppContext, input: DirectoryInput, options: SaveOptions = {}): Promise<{ directory: ConsoleDirectory; created: boolean; before: ConsoleDirectory | null }> {
  const { saved, before } = await storeDirectory(
    { directories: ctx.stores.directories, catalog: ctx.stores.catalog, production: ctx.config.production, now: ctx.now() }, input, options,
  );
  return { directory: toConsole(saved), created: before === null, before: before && toConsole(before) };
}

/** Removes the directory. Its accounts stay (disabled: nothing can check their passwords any more). */
export async function removeDirectory(ctx: AppContext, id: string): Promise<ConsoleDirectory> {
  const existing = await requireDirectory(ctx, id);
  for (const account of await ctx.stores.directories.accounts(id)) {
    if (account.disabled) continue;
    const user = await ctx.stores.users.findUserById(account.userId);
    if (!user) continue;
    await ctx.stores.users.setDisabled(user.id, true);
    await endAccountAccess(ctx, user);
  }
  await ctx.stores.directories.remove(id);
  return toConsole(existing);
}

/** 测试连接 / test-directory: binds with the stored account and counts every person the filter finds. */
export async function testDirectory(ctx: AppContext, id: string): Promise<DirectoryTestResult> {
  const { config } = await requireDirectory(ctx, id);
  try {
    const password = await ctx.stores.directories.bindPassword(id);
    return await withServiceAccount(config, password, async (client, url) => ({ ok: true, url, found: await countPeople(client, config), error: null }));
  } catch (error) {
    if (error instanceof DirectoryError) return { ok: false, url: null, found: null, error: error.message };
    throw error;
  }
}

/** How long one instance holds a directory's sync (another instance's tick skips it meanwhile). */
const SYNC_LEASE_MS = 10 * 60_000;

/** 立即同步 / sync-directory / the scheduler: one sync now, one at a time per directory across instances. */
export async function syncDirectory(ctx: AppContext, id: string): Promise<DirectorySyncResult> {
  const { config } = await requireDirectory(ctx, id);
  if (!(await ctx.stores.directories.takeSyncLease(id, ctx.now(), ctx.now() + SYNC_LEASE_MS))) {
    throw new AdminActionError('conflict', DirectoryMessages.syncRunning(id));
  }
  try {
    return await runSync(ctx, config);
  } finally {
    await ctx.stores.directories.releaseSyncLease(id);
  }
}

/**
 * Makes a local account a directory account on purpose (the clash a sync reports): from now on it
 * signs in with the directory's password, its local password is removed and its sessions end.
 */
export async function linkDirectoryAccount(ctx: AppContext, username: string, directoryId: string): Promise<User> {
  const { config } = await requireDirectory(ctx, directoryId);
  const user = await ctx.stores.users.findUserByName(username);
  if (!user) throw new AdminActionError('notFound', AdminMessages.accountNotFound(username));
  if (user.directoryId === directoryId) throw new AdminActionError('exists', DirectoryMessages.alreadyLinked(username, directoryId));
  let inDirectory: boolean;
  try {
    const password = await ctx.stores.directories.bindPassword(directoryId);
    inDirectory = await withServiceAccount(config, password, async (client) => (await findPerson(client, config, username)) !== null);
  } catch (error) {
    if (error instanceof DirectoryError) throw new AdminActionError('badInput', error.message);
    throw error;
  }
  if (!inDirectory) throw new AdminActionError('notFound', DirectoryMessages.notInDirectory(username, directoryId));
  await ctx.stores.directories.linkAccount(user.id, directoryId);
  await endAccountAccess(ctx, user);
  return { ...user, directoryId, passwordHash: '', mustChangePassword: false };
}

// The admin CLI's directory commands (server/cli.ts): sync-directory, test-directory and
// link-directory-account, on the same admin actions as the console. A directory that cannot be
// reached is a failure of the command (exit code 1, the reason on standard error), so scripts and
// cron jobs notice it.
import type { AppContext } from '../context.ts';
import { recordAdminAction } from '../console/index.ts';
import { linkDirectoryAccount, syncDirectory, testDirectory } from './directory-admin.ts';

export const DIRECTORY_USAGE = `  sync-directory <directory id>                    sync the company directory now; prints what changed (docs/directory.md)
  test-directory <directory id>                    bind and count the people the filter finds (a plain number), or why it cannot
  link-directory-account <username> <directory id> make a local account sign in through the directory (its local password goes)`;

/** The command ran and failed (the directory could not be reached): its reason, exit code 1. */
export class DirectoryCommandFailed extends Error {}

export class DirectoryUsageError extends Error {}

/** Runs a directory command, or answers undefined for any other command. */
export async function runDirectoryCommand(ctx: AppContext, actor: string, command: string | undefined, args: string[]): Promise<string | undefined> {
  switch (command) {
    case 'sync-directory': {
      if (!args[0]) throw new DirectoryUsageError('missing <directory id>');
      const result = await syncDirectory(ctx, args[0]);
      await recordAdminAction(ctx, actor, 'cli', 'cli.sync-directory', args[0], null, result);
      if (!result.ok) throw new DirectoryCommandFailed(`${args[0]}: ${result.error}`);
      return [
        `created ${result.created}`, `updated ${result.updated}`, `disabled ${result.disabled}`,
        `memberships added ${result.membershipsAdded}`, `memberships removed ${result.membershipsRemoved}`,
        `clashes ${result.clashes.length}${result.clashes.length ? ` (${result.clashes.join(', ')})` : ''}`,
        `skipped ${result.skipped}${result.skipped ? ` (username not usable: ${result.skippedExamples.join(', ')}${result.skipped > result.skippedExamples.length ? ', ...' : ''})` : ''}`,
        `found ${result.found}`, `seconds ${result.seconds}`,
      ].join('\n');
    }
    case 'test-directory': {
      if (!args[0]) throw new DirectoryUsageError('missing <directory id>');
      const result = await testDirectory(ctx, args[0]);
      if (!result.ok) throw new DirectoryCommandFailed(`${args[0]}: ${result.error}`);
      return String(result.found);
    }
    case 'link-directory-account': {
      const [username, directoryId] = args;
      if (!username || !directoryId) throw new DirectoryUsageError('missing <username> <directory id>');
      await linkDirectoryAccount(ctx, username, directoryId);
      await recordAdminAction(ctx, actor, 'cli', 'cli.link-directory-account', username, null, { directoryId });
      return `${username} now signs in through directory ${directoryId}`;
    }
    default:
      return undefined;
  }
}

// Admin commands: npm run admin -- <command> ...  Built by compose.ts like the server, so every
// command works on the same storage mode (SQLite, PostgreSQL, PostgreSQL + Redis) as the server.
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config.ts';
import { withAdminContext } from './admin-context.ts';
import type { AppContext } from './context.ts';
import { hashPassword } from './auth/index.ts';
import { passwordProblem, type PasswordOwner } from './auth/index.ts';
import { USERNAME_PATTERN } from '../contract/rules/username.ts';
import { importData, readImportFile, seedDemoData } from './seed/index.ts';
import { endOneFactorSessionsOfGroup } from './mfa/index.ts';
import { allowOrigin, OriginAdminError, revokeOrigin } from './embedding/index.ts';
import { MOBILE_PATTERN } from '../contract/rules/phone.ts';
import { changeMembership, MembershipAdminError } from './catalog/index.ts';
import { extraArgumentsProblem } from './cli-arguments.ts';
import { OIDC_CLI_OPTIONS, OIDC_USAGE, OidcUsageError, runOidcCommand } from './oidc/index.ts';
import { PROTOCOL_CLI_OPTIONS, PROTOCOL_USAGE, ProtocolUsageError, runProtocolCommand } from './cas/index.ts';
import { SAML_CLI_OPTIONS, SAML_USAGE, runSamlCommand } from './saml/index.ts';
import { AdminActionError } from './admin-action-error.ts';
import { accountSessions, createAccount, endAccountAccess, setAccountAdmin, setAccountDisabled, setPasswordByAdmin } from './auth/index.ts';
import { rotateClientSecret, setClientDisabled } from './oidc/index.ts';
import { readPassword } from './cli-password.ts';
import { recordAdminAction } from './console/index.ts';
import { DIRECTORY_USAGE, DirectoryCommandFailed, DirectoryUsageError, runDirectoryCommand } from './directory/index.ts';

const USAGE = `用法 / usage: npm run admin -- <command>
  add-user <username> [--phone 138xxxxxxxx] [--dealer] [--must-change]
                                                   the password is asked on the terminal or read from standard input (first line)
  reset-password <username> [--must-change]        the new password likewise: never an argument
  unlock <username>
  link <wecom|feishu> <external id> <username>     link a WeCom userid / Feishu union_id
  import <file.json>                               groups, apps, users and clients (format: docs/oidc.md, server/seed/demo-data.json)
  allow-origin <group code> <origin>               let a brand site embed the login and receive callBacks
  revoke-origin <group code> <origin>              take that back (docs/embedding.md)
  seed                                             demo data (once per database)
  audit [count]                                    recent login attempts
  grant <username> <group code>                    make the account a member of the group (app centre, --group clients)
  revoke <username> <group code>                   end that membership
  create-admin <username>                          a new administrator of the console /admin; the password is asked on the
                                                   terminal or read from standard input (first line), never an argument
  grant-admin <username> | revoke-admin <username> the administrator role (the last administrator stays)
  disable-user <username> | enable-user <username> a disabled account cannot sign in; its sessions end, its apps are signed out
  end-sessions <username>                          end every session of the account (single logout to its apps)
  admin-audit [count]                              recent administrator actions (console and CLI)
  list-users [text] [--group <group code>]         accounts whose username or phone contains text (at most 100)
  sessions <username>                              the account's portal sessions and the apps each signed into
${OIDC_USAGE}
${PROTOCOL_USAGE}
${SAML_USAGE}
${DIRECTORY_USAGE}
  disable-client <client-id> | enable-client <client-id>
  rotate-secret <client-id> [--grace-minutes N]    a new client secret (printed once); the old one works N more minutes (default 60)`;

class UsageError extends Error {}

async function requireUser(ctx: AppContext, username: string | undefined) {
  if (!username) throw new UsageError('missing <username>');
  const user = await ctx.stores.users.findUserByName(username);
  if (!user) throw new UsageError(`no user "${username}"`);
  return user;
}

/**
 * A password never stands in argv, where ps and the shell history see it: it is asked on the
 * terminal or read from standard input (cli-password.ts), as create-admin and add-client do.
 */
async function passwordFromStdin(args: string[], prompt: string): Promise<string> {
  if (args.length > 1) {
    throw new UsageError('a password on the command line is refused (ps and the shell history would show it): type it when asked, '
      + 'or give it on standard input, e.g. printf \'%s\\n\' "$PASSWORD" | npm run admin -- <command> <username>');
  }
  return readPassword(prompt);
}

/** The server's password policy (server/auth/password-policy.ts), as a usage error with its reason. */
async function requireGoodPassword(password: string | undefined, owner: PasswordOwner): Promise<string> {
  if (!password) throw new UsageError('missing <password>');
  const problem = await passwordProblem(password, owner);
  if (problem) throw new UsageError(`<password>: ${problem}`);
  return password;
}

const AUDITED_AS_COMMAND: ReadonlySet<string> = new Set([
  'add-user', 'link', 'import', 'allow-origin', 'revoke-origin', 'seed', 'grant', 'revoke', 'add-client', 'remove-client', 'rotate-keys',
]);

/** Who an administrator action of the CLI is recorded as: the operating-system account that ran it. */
const CLI_ACTOR = `cli:${process.env.SUDO_USER || process.env.USER || process.env.LOGNAME || 'unknown'}`;

async function run(ctx: AppContext, command: string | undefined, args: string[], flags: Record<string, string | boolean | (string | boolean)[] | undefined>): Promise<string> {
  const now = Date.now();
  const audited = (action: string, target: string, before: unknown, after: unknown) =>
    recordAdminAction(ctx, CLI_ACTOR, 'cli', action, target, before, after);
  switch (command) {
    case 'add-user': {
      const [username] = args;
      if (!username || !USERNAME_PATTERN.test(username)) throw new UsageError('<username>: 1-32 lowercase letters and digits');
      const phone = typeof flags.phone === 'string' ? flags.phone : null;
      if (phone && !MOBILE_PATTERN.test(phone)) throw new UsageError('--phone: mainland mobile number');
      const password = await requireGoodPassword(await passwordFromStdin(args, `password of ${username}: `), { username, phone });
      if (await ctx.stores.users.findUserByName(username)) throw new UsageError(`user "${username}" exists`);
      if (phone && (await ctx.stores.users.findUserByPhone(phone))) throw new UsageError(`phone ${phone} is taken`);
      await ctx.stores.users.insertUser({
        username, phone, passwordHash: await hashPassword(password), passwordChangedAt: now,
        mustChangePassword: flags['must-change'] === true, kind: flags.dealer === true ? 'dealer' : 'staff',
      });
      return `added ${username}`;
    }
    case 'reset-password': {
      const user = await requireUser(ctx, args[0]);
      const password = await requireGoodPassword(await passwordFromStdin(args, `new password of ${user.username}: `), user);
      // The console's action, so the same rule (auth/set-password.ts): the hash, the lockout cleared,
      // every portal and console session ended, every OIDC grant revoked, in this process. Before
      // issue 24 the CLI's copy differed from the routes' (console sessions ended, the portal's
      // after the password's transaction instead of in it); now every caller does the same. What
      // stays different is being another process: nothing here listens for ended sessions, so the
      // running servers' sweep sends the apps' single logout (within SSO_OIDC_LOGOUT_SWEEP_SECONDS),
      // and a server on the embedded database trusts its copy of a session for at most a second
      // (auth/session-cache.ts).
      await setPasswordByAdmin(ctx, user, password, flags['must-change'] === true);
      await audited('account.reset-password', user.username, null, { mustChangePassword: flags['must-change'] === true });
      return `password of ${user.username} reset${flags['must-change'] ? ' (must change at next login)' : ''}; its sessions and app sign-ins ended`;
    }
    case 'unlock': {
      const user = await requireUser(ctx, args[0]);
      await ctx.lockout.reset(user.username);
      await audited('account.unlock', user.username, null, null);
      return `${user.username} unlocked`;
    }
    case 'create-admin': {
      const [username] = args;
      if (!username || !USERNAME_PATTERN.test(username)) throw new UsageError('<username>: 1-32 lowercase letters and digits');
      if (await ctx.stores.users.findUserByName(username)) throw new UsageError(`user "${username}" exists (grant-admin ${username} makes it an administrator)`);
      const password = await readPassword(`password of ${username}: `);
      await createAccount(ctx, { username, phone: null, kind: 'staff', password, groups: [], mustChangePassword: false, isAdmin: true });
      // Every first-start setup link is dead once an administrator exists.
      await ctx.stores.setupTokens.clear();
      await audited('account.create-admin', username, null, { username, isAdmin: true });
      return `administrator ${username} created; sign in at /admin`;
    }
    case 'grant-admin':
    case 'revoke-admin': {
      const user = await requireUser(ctx, args[0]);
      await setAccountAdmin(ctx, user, command === 'grant-admin');
      await audited(`account.${command}`, user.username, { isAdmin: user.isAdmin }, { isAdmin: command === 'grant-admin' });
      return `${user.username} ${command === 'grant-admin' ? 'is' : 'is no longer'} an administrator`;
    }
    case 'disable-user':
    case 'enable-user': {
      const user = await requireUser(ctx, args[0]);
      await setAccountDisabled(ctx, user, command === 'disable-user');
      await audited(command === 'disable-user' ? 'account.disable' : 'account.enable', user.username, { disabled: user.disabled }, { disabled: command === 'disable-user' });
      return command === 'disable-user'
        ? `${user.username} disabled: its sessions and app grants ended (running servers send single logout within ${Math.round(ctx.config.oidcLogoutSweepMs / 1000)} s)`
        : `${user.username} enabled`;
    }
    case 'end-sessions': {
      const user = await requireUser(ctx, args[0]);
      const ended = await endAccountAccess(ctx, user);
      await audited('account.end-all-sessions', user.username, null, { ended });
      return `${ended} session(s) of ${user.username} ended, and its app grants revoked`;
    }
    case 'disable-client':
    case 'enable-client': {
      if (!args[0]) throw new UsageError('missing <client-id>');
      await setClientDisabled(ctx, args[0], command === 'disable-client');
      await audited(command === 'disable-client' ? 'client.disable' : 'client.enable', args[0], null, null);
      return `client ${args[0]} ${command === 'disable-client' ? 'disabled' : 'enabled'}`;
    }
    case 'rotate-secret': {
      if (!args[0]) throw new UsageError('missing <client-id>');
      const grace = flags['grace-minutes'] === undefined ? 60 : Number(flags['grace-minutes']);
      if (!Number.isInteger(grace) || grace < 0 || grace > 10_080) throw new UsageError('--grace-minutes: 0 to 10080');
      const { secret } = await rotateClientSecret(ctx, args[0], grace);
      await audited('client.rotate-secret', args[0], null, { graceMinutes: grace });
      return `client_secret of ${args[0]} (shown once, stored hashed): ${secret}\nthe previous secret works ${grace} more minute(s)`;
    }
    case 'list-users': {
      const groupCode = typeof flags.group === 'string' ? flags.group : Array.isArray(flags.group) ? String(flags.group[0]) : undefined;
      const { users, total } = await ctx.stores.users.searchUsers({ text: args[0], groupCode, offset: 0, limit: 100 });
      const lines = await Promise.all(users.map(async (u) => [
        u.username.padEnd(16), (u.phone ?? '-').padEnd(12), u.kind.padEnd(7), u.isAdmin ? 'admin' : '-    ', u.disabled ? 'disabled' : 'enabled ',
        (await ctx.stores.memberships.groupsOf(u.id)).join(',') || '-',
      ].join(' ')));
      return [...lines, `(${total} account${total === 1 ? '' : 's'}${total > users.length ? `, first ${users.length} shown` : ''})`].join('\n');
    }
    case 'sessions': {
      const user = await requireUser(ctx, args[0]);
      const sessions = await accountSessions(ctx, user);
      return sessions.map((s) => `${s.idHash} since ${new Date(s.createdAt).toISOString()} last ${new Date(s.lastSeenAt).toISOString()} apps: ${s.apps.join(' ') || '-'}`).join('\n')
        || `(no sessions of ${user.username})`;
    }
    case 'admin-audit': {
      const { rows } = await ctx.stores.adminAudit.list({ offset: 0, limit: Number(args[0] ?? 20) || 20 });
      return rows.map((r) => `${new Date(r.at).toISOString()} ${r.actor} ${r.ip} ${r.action} ${r.target}`).join('\n') || '(no administrator actions)';
    }
    case 'link': {
      const [provider, externalId, username] = args;
      if (provider !== 'wecom' && provider !== 'feishu') throw new UsageError('provider: wecom or feishu');
      if (!externalId) throw new UsageError('missing <external id>');
      const user = await requireUser(ctx, username);
      await ctx.stores.users.linkIdentity(provider, externalId, user.id);
      return `${provider} ${externalId} -> ${user.username}`;
    }
    case 'import': {
      if (!args[0]) throw new UsageError('missing <file.json>');
      const counts = await importData(ctx.storage, readImportFile(args[0]), now, ctx.config.production);
      // As the console's save of the switch does: the rule holds from now, not from each next sign-in.
      let ended = 0;
      for (const code of counts.mfaTurnedOn) ended += await endOneFactorSessionsOfGroup(ctx, code);
      return `imported ${counts.groups} groups, ${counts.apps} apps, ${counts.users} new users`
        + (counts.mfaTurnedOn.length ? `, second factor now required in ${counts.mfaTurnedOn.join(', ')} (${ended} one-factor sessions ended)` : '')
        + (counts.memberships ? `, ${counts.memberships} new memberships` : '')
        + (counts.clients ? `, ${counts.clients} new or changed clients` : '')
        + counts.clientSecrets.map((c) => `\nclient_secret of ${c.clientId} (shown once, stored hashed): ${c.secret}`).join('');
    }
    case 'allow-origin':
    case 'revoke-origin': {
      const change = command === 'allow-origin' ? allowOrigin : revokeOrigin;
      try {
        const origins = await change(ctx.stores.catalog, args[0], args[1]);
        return `${args[0]}: ${origins.join(' ') || '(no origins)'}`;
      } catch (error) {
        if (error instanceof OriginAdminError) throw new UsageError(error.message);
        throw error;
      }
    }
    case 'grant':
    case 'revoke':
      try {
        return await changeMembership(ctx.stores, command, args);
      } catch (error) {
        if (error instanceof MembershipAdminError) throw new UsageError(error.message);
        throw error;
      }
    case 'seed':
      return (await seedDemoData(ctx.storage, now)) ? 'demo data seeded' : 'demo data already present';
    case 'audit': {
      const rows = await ctx.stores.audit.listLoginAudit(Number(args[0] ?? 20) || 20);
      return rows.map((r) => `${new Date(r.at).toISOString()} ${r.ip} ${r.method} ${r.username} ${r.result}`).join('\n') || '(no login attempts)';
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      phone: { type: 'string' }, dealer: { type: 'boolean' }, 'must-change': { type: 'boolean' }, 'grace-minutes': { type: 'string' },
      ...OIDC_CLI_OPTIONS,
      ...PROTOCOL_CLI_OPTIONS,
      ...SAML_CLI_OPTIONS,
    },
  });
  const [command, ...args] = positionals;
  const extra = extraArgumentsProblem(command, args);
  if (extra) throw new UsageError(extra);
  // A client secret never stands in argv, where ps and the shell history show it (review finding
  // 9): --secret-stdin reads it from standard input (its first line) or, on a terminal, unechoed.
  if (values.secret !== undefined) {
    throw new UsageError('--secret on the command line is refused (ps and the shell history would show it): give it on standard input with --secret-stdin, '
      + 'e.g. printf \'%s\\n\' "$CRM_SECRET" | npm run admin -- add-client crm --secret-stdin --redirect-uri ...');
  }
  if (values['secret-stdin'] === true) (values as Record<string, unknown>).secret = await readPassword('client secret: ');
  console.log(await withAdminContext(readConfig(), async (ctx) => {
    const answer = (await runSamlCommand(ctx, command, args, values)) ?? (await runProtocolCommand(ctx, command, args, values))
      ?? (await runOidcCommand(ctx, command, args, values))
      ?? (await runDirectoryCommand(ctx, CLI_ACTOR, command, args)) ?? (await run(ctx, command, args, values));
    // The commands older than the console leave their row here (the newer ones write their own,
    // with the record before and after). Only the first argument.
    if (command && AUDITED_AS_COMMAND.has(command)) await recordAdminAction(ctx, CLI_ACTOR, 'cli', `cli.${command}`, args[0] ?? '', null, null);
    return answer;
  }));
} catch (error) {
  if (error instanceof DirectoryCommandFailed) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof DirectoryUsageError ||
    error instanceof UsageError || error instanceof ConfigError || error instanceof OidcUsageError || error instanceof ProtocolUsageError || error instanceof AdminActionError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

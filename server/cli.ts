// Admin commands: npm run admin -- <command> ...  Built by compose.ts like the server, so every
// command works on the same storage mode (SQLite, PostgreSQL, PostgreSQL + Redis) as the server.
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config.ts';
import { withAdminContext } from './admin-context.ts';
import type { AppContext } from './context.ts';
import { hashPassword } from './auth/passwords.ts';
import { passwordProblem, type PasswordOwner } from './auth/password-policy.ts';
import { USERNAME_PATTERN } from '../contract/rules/username.ts';
import { importData, readImportFile, seedDemoData } from './seed/import.ts';
import { allowOrigin, OriginAdminError, revokeOrigin } from './embedding/embed-origin-admin.ts';
import { MOBILE_PATTERN } from '../contract/rules/phone.ts';
import { changeMembership, MembershipAdminError } from './catalog/membership-admin.ts';
import { extraArgumentsProblem } from './cli-arguments.ts';
import { OIDC_CLI_OPTIONS, OIDC_USAGE, OidcUsageError, runOidcCommand } from './oidc/oidc-cli.ts';

const USAGE = `用法 / usage: npm run admin -- <command>
  add-user <username> <password> [--phone 138xxxxxxxx] [--dealer] [--must-change]
  reset-password <username> <password> [--must-change]
  unlock <username>
  link <wecom|feishu> <external id> <username>     link a WeCom userid / Feishu union_id
  import <file.json>                               groups, apps, users and clients (format: docs/oidc.md, server/seed/demo-data.json)
  allow-origin <group code> <origin>               let a brand site embed the login and receive callBacks
  revoke-origin <group code> <origin>              take that back (docs/embedding.md)
  seed                                             demo data (once per database)
  audit [count]                                    recent login attempts
  grant <username> <group code>                    make the account a member of the group (app centre, --group clients)
  revoke <username> <group code>                   end that membership
${OIDC_USAGE}`;

class UsageError extends Error {}

async function requireUser(ctx: AppContext, username: string | undefined) {
  if (!username) throw new UsageError('missing <username>');
  const user = await ctx.stores.users.findUserByName(username);
  if (!user) throw new UsageError(`no user "${username}"`);
  return user;
}

/** The server's password policy (server/auth/password-policy.ts), as a usage error with its reason. */
async function requireGoodPassword(password: string | undefined, owner: PasswordOwner): Promise<string> {
  if (!password) throw new UsageError('missing <password>');
  const problem = await passwordProblem(password, owner);
  if (problem) throw new UsageError(`<password>: ${problem}`);
  return password;
}

async function run(ctx: AppContext, command: string | undefined, args: string[], flags: Record<string, string | boolean | (string | boolean)[] | undefined>): Promise<string> {
  const now = Date.now();
  switch (command) {
    case 'add-user': {
      const [username, given] = args;
      if (!username || !USERNAME_PATTERN.test(username)) throw new UsageError('<username>: 1-32 lowercase letters and digits');
      const phone = typeof flags.phone === 'string' ? flags.phone : null;
      if (phone && !MOBILE_PATTERN.test(phone)) throw new UsageError('--phone: mainland mobile number');
      const password = await requireGoodPassword(given, { username, phone });
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
      const password = await requireGoodPassword(args[1], user);
      const hash = await hashPassword(password);
      await ctx.storage.transaction(async (tx) => {
        await tx.users.updatePassword(user.id, hash, now, flags['must-change'] === true);
        await tx.sessions.deleteUserSessions(user.id);
      });
      await ctx.lockout.reset(user.username);
      return `password of ${user.username} reset${flags['must-change'] ? ' (must change at next login)' : ''}`;
    }
    case 'unlock': {
      const user = await requireUser(ctx, args[0]);
      await ctx.lockout.reset(user.username);
      return `${user.username} unlocked`;
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
      const counts = await importData(ctx.storage, readImportFile(args[0]), now);
      return `imported ${counts.groups} groups, ${counts.apps} apps, ${counts.users} new users`
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
    options: { phone: { type: 'string' }, dealer: { type: 'boolean' }, 'must-change': { type: 'boolean' }, ...OIDC_CLI_OPTIONS },
  });
  const [command, ...args] = positionals;
  const extra = extraArgumentsProblem(command, args);
  if (extra) throw new UsageError(extra);
  console.log(await withAdminContext(readConfig(), async (ctx) => (await runOidcCommand(ctx, command, args, values)) ?? run(ctx, command, args, values)));
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof OidcUsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

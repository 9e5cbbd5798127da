// 账号: search, create, reset password, unlock, disable / enable, memberships, the administrator
// flag, and the account's sessions with the apps each signed into.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import {
  accountSessions, createAccount, endAccountSessions, resetAccountPassword, searchAccounts, setAccountAdmin, setAccountDisabled,
  setAccountGroups, unlockAccount, type ConsoleAccount, type CreateAccountBody, type ResetAccountPasswordBody, type SearchAccountsQuery,
} from '../../../contract/endpoints/console.ts';
import { ENCRYPTED_FIELD_BROKEN } from '../../../contract/messages.ts';
import type { User } from '../../records/user.ts';
import { accountAdmin as accounts } from '../../auth/index.ts';
import { decryptPassword } from '../../auth/index.ts';
import { ok } from '../../http/envelope.ts';
import { requireAdmin, requireRecentAuth, type ConsoleAdmin } from '../console-guard.ts';
import { asConsoleAnswer } from '../console-refusal.ts';
import { recordAdminAction } from '../record-admin-action.ts';

const PAGE_SIZE = 20;

async function consoleAccountOf(ctx: AppContext, user: User): Promise<ConsoleAccount> {
  const lockedForMs = await ctx.lockout.lockedForMs(user.username);
  const sources = await ctx.stores.directories.membershipSources(user.id);
  return {
    username: user.username, phone: user.phone, kind: user.kind, isAdmin: user.isAdmin, disabled: user.disabled,
    mustChangePassword: user.mustChangePassword, lockedUntil: lockedForMs > 0 ? ctx.now() + lockedForMs : null,
    groups: await ctx.stores.memberships.groupsOf(user.id), grantedGroups: sources.granted, directoryGroups: sources.directory,
    directoryId: user.directoryId, createdAt: user.createdAt, passwordChangedAt: user.passwordChangedAt,
  };
}

type Named = { username: string };

export function registerConsoleAccountRoutes(api: FastifyInstance, ctx: AppContext): void {
  /**
   * An account action: the administrator, the account, the change, its audit row with the account
   * before and after, and the account as it is now.
   */
  const act = async (
    admin: ConsoleAdmin, ip: string, action: string, username: string, change: (user: User) => Promise<unknown>,
  ): Promise<ConsoleAccount> => {
    const user = await asConsoleAnswer(() => accounts.requireAccount(ctx, username));
    // Any change to an administrator's account asks for the password again (within five minutes).
    if (user.isAdmin) requireRecentAuth(ctx, admin);
    const before = await consoleAccountOf(ctx, user);
    await asConsoleAnswer(() => change(user));
    const after = await consoleAccountOf(ctx, (await ctx.stores.users.findUserById(user.id))!);
    await recordAdminAction(ctx, admin.user.username, ip, action, user.username, before, after);
    return after;
  };

  api.get<{ Querystring: SearchAccountsQuery }>(searchAccounts.path, { schema: { querystring: searchAccounts.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    const page = request.query.page ?? 1;
    const { users, total } = await ctx.stores.users.searchUsers({
      text: request.query.q?.trim() || undefined, groupCode: request.query.group, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE,
    });
    const items = await Promise.all(users.map((user) => consoleAccountOf(ctx, user)));
    return ok(searchAccounts, { items, total, page, pageSize: PAGE_SIZE });
  });

  api.post<{ Body: CreateAccountBody }>(createAccount.path, {
    schema: { body: createAccount.body }, config: { fieldMessages: { password: ENCRYPTED_FIELD_BROKEN } },
  }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { password, ...rest } = request.body;
    const user = await asConsoleAnswer(() => accounts.createAccount(ctx, {
      ...rest, password: decryptPassword(ctx, password), mustChangePassword: true,
    }));
    const created = await consoleAccountOf(ctx, user);
    await recordAdminAction(ctx, admin.user.username, request.ip, 'account.create', user.username, null, created);
    return ok(createAccount, created);
  });

  api.post<{ Body: ResetAccountPasswordBody }>(resetAccountPassword.path, {
    schema: { body: resetAccountPassword.body }, config: { fieldMessages: { password: ENCRYPTED_FIELD_BROKEN } },
  }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const plain = decryptPassword(ctx, request.body.password);
    return ok(resetAccountPassword, await act(admin, request.ip, 'account.reset-password', request.body.username,
      (user) => accounts.setPasswordByAdmin(ctx, user, plain, true)));
  });

  api.post<{ Body: Named }>(unlockAccount.path, { schema: { body: unlockAccount.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    return ok(unlockAccount, await act(admin, request.ip, 'account.unlock', request.body.username, (user) => accounts.unlockAccount(ctx, user)));
  });

  api.post<{ Body: Named & { disabled: boolean } }>(setAccountDisabled.path, { schema: { body: setAccountDisabled.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { username, disabled } = request.body;
    return ok(setAccountDisabled, await act(admin, request.ip, disabled ? 'account.disable' : 'account.enable', username,
      (user) => accounts.setAccountDisabled(ctx, user, disabled)));
  });

  api.post<{ Body: Named & { groups: string[] } }>(setAccountGroups.path, { schema: { body: setAccountGroups.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    return ok(setAccountGroups, await act(admin, request.ip, 'account.groups', request.body.username,
      (user) => accounts.setAccountGroups(ctx, user, request.body.groups)));
  });

  api.post<{ Body: Named & { admin: boolean } }>(setAccountAdmin.path, { schema: { body: setAccountAdmin.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    // Granting the role asks for the password too (act asks it for changes to administrators).
    requireRecentAuth(ctx, admin);
    const grant = request.body.admin;
    return ok(setAccountAdmin, await act(admin, request.ip, grant ? 'account.grant-admin' : 'account.revoke-admin', request.body.username,
      (user) => accounts.setAccountAdmin(ctx, user, grant)));
  });

  api.get<{ Querystring: Named }>(accountSessions.path, { schema: { querystring: accountSessions.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    const user = await asConsoleAnswer(() => accounts.requireAccount(ctx, request.query.username));
    const sessions = await accounts.accountSessions(ctx, user);
    return ok(accountSessions, sessions.map((s) => ({ id: s.idHash, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, apps: s.apps })));
  });

  api.post<{ Body: Named & { id?: string } }>(endAccountSessions.path, { schema: { body: endAccountSessions.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { username, id } = request.body;
    const user = await asConsoleAnswer(() => accounts.requireAccount(ctx, username));
    if (user.isAdmin) requireRecentAuth(ctx, admin);
    const ended = await asConsoleAnswer(() => accounts.endAccountSessions(ctx, user, id));
    await recordAdminAction(ctx, admin.user.username, request.ip, id ? 'account.end-session' : 'account.end-all-sessions', username, null, { ended });
    return ok(endAccountSessions, { ended });
  });
}

// What an administrator does to accounts, for the console (server/console/) and the CLI alike:
// create, set a password, unlock, disable and enable, the administrator flag, group memberships,
// sessions. Ending an account's access is one function: its portal sessions end (single logout to
// every app they signed into), its console sessions end, and every OIDC grant of it is revoked,
// also those no session links to any more.
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { AdminMessages } from '../../contract/errors.ts';
import { MOBILE_PATTERN } from '../../contract/rules/phone.ts';
import { USERNAME_PATTERN } from '../../contract/rules/username.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { setPassword } from './set-password.ts';
import type { Session } from '../records/session.ts';
import type { User } from '../records/user.ts';

export interface NewAccount {
  username: string;
  phone: string | null;
  kind: 'staff' | 'dealer';
  password: string;
  groups: string[];
  /** The first sign-in asks for a new password (the console always; the CLI with --must-change). */
  mustChangePassword: boolean;
  isAdmin?: boolean;
}

export async function requireAccount(ctx: AppContext, username: string): Promise<User> {
  const user = await ctx.stores.users.findUserByName(username);
  if (!user) throw new AdminActionError('notFound', AdminMessages.accountNotFound(username));
  return user;
}

async function requireGroups(ctx: AppContext, groups: readonly string[]): Promise<string[]> {
  const known = new Set((await ctx.stores.catalog.listGroups()).map((g) => g.code));
  const unknown = groups.filter((code) => !known.has(code));
  if (unknown.length) throw new AdminActionError('badInput', AdminMessages.unknownGroups(unknown));
  return [...new Set(groups)];
}

async function requireGoodPassword(password: string, owner: { username: string; phone?: string | null }): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new AdminActionError('badInput', problem);
}

export async function createAccount(ctx: AppContext, input: NewAccount): Promise<User> {
  if (!USERNAME_PATTERN.test(input.username)) throw new AdminActionError('badInput', AdminMessages.badUsername);
  if (input.phone !== null && !MOBILE_PATTERN.test(input.phone)) throw new AdminActionError('badInput', AdminMessages.badPhone);
  const groups = await requireGroups(ctx, input.groups);
  await requireGoodPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return ctx.storage.transaction(async (tx) => {
    if (await tx.users.findUserByName(input.username)) throw new AdminActionError('exists', AdminMessages.usernameTaken(input.username));
    if (input.phone && (await tx.users.findUserByPhone(input.phone))) throw new AdminActionError('exists', AdminMessages.phoneTaken(input.phone));
    const user = await tx.users.insertUser({
      username: input.username, phone: input.phone, passwordHash, passwordChangedAt: ctx.now(),
      mustChangePassword: input.mustChangePassword, kind: input.kind, isAdmin: input.isAdmin === true,
    });
    for (const code of groups) await tx.memberships.grant(user.id, code);
    return user;
  });
}

/**
 * Ends everything the account is signed into: portal sessions (their end is announced, so the
 * provider sends single logout to their apps), console sessions, and every OIDC grant with its
 * tokens. Answers how many portal sessions ended.
 */
export async function endAccountAccess(ctx: AppContext, user: User): Promise<number> {
  const ended = await ctx.stores.sessions.deleteUserSessions(user.id);
  await ctx.stores.consoleSessions.deleteUserSessions(user.id);
  await ctx.sessions.announceEnded(ended);
  await ctx.accountGrants.revokeAll(user.id);
  return ended.length;
}

/**
 * A new password chosen by an administrator (the console and the CLI's reset-password): it must be
 * changed at the next sign-in when asked; the rest is auth/set-password.ts, as for the person's own
 * change and the SMS reset (the lockout clears, every portal and console session ends, every OIDC
 * grant is revoked).
 */
export async function setPasswordByAdmin(ctx: AppContext, user: User, password: string, mustChange: boolean): Promise<void> {
  const set = await setPassword(ctx, user, password, { mustChange });
  if (!set.done) throw new AdminActionError('badInput', set.problem);
}

export async function unlockAccount(ctx: AppContext, user: User): Promise<void> {
  await ctx.lockout.reset(user.username);
}

/** Refuses a change that would leave no enabled administrator. */
async function keepOneAdmin(ctx: AppContext, user: User, change: () => Promise<void>, undo: () => Promise<void>): Promise<void> {
  if (!user.isAdmin || user.disabled) return change();
  if ((await ctx.stores.users.countActiveAdmins()) <= 1) throw new AdminActionError('lastAdmin', AdminMessages.lastAdmin);
  await change();
  // Two administrators removing each other at once could both see two: look again after the
  // change and undo it if none is left (both may then undo; never none).
  if ((await ctx.stores.users.countActiveAdmins()) === 0) {
    await undo();
    throw new AdminActionError('lastAdmin', AdminMessages.lastAdmin);
  }
}

/** Disabled: no sign-in by any method, and at once every session and grant of it ends. */
export async function setAccountDisabled(ctx: AppContext, user: User, disabled: boolean): Promise<void> {
  if (disabled) {
    await keepOneAdmin(ctx, user, () => ctx.stores.users.setDisabled(user.id, true), () => ctx.stores.users.setDisabled(user.id, false));
    await endAccountAccess(ctx, user);
  } else {
    await ctx.stores.users.setDisabled(user.id, false);
  }
}

export async function setAccountAdmin(ctx: AppContext, user: User, admin: boolean): Promise<void> {
  if (admin) {
    if (user.disabled) throw new AdminActionError('badInput', AdminMessages.disabledNotAdmin(user.username));
    await ctx.stores.users.setAdmin(user.id, true);
    return;
  }
  await keepOneAdmin(ctx, user, () => ctx.stores.users.setAdmin(user.id, false), () => ctx.stores.users.setAdmin(user.id, true));
  // A former administrator's console sessions end with the role.
  await ctx.stores.consoleSessions.deleteUserSessions(user.id);
}

/** The account's granted memberships become exactly `groups` (those a directory gives follow the directory). */
export async function setAccountGroups(ctx: AppContext, user: User, groups: string[]): Promise<void> {
  const wanted = await requireGroups(ctx, groups);
  await ctx.storage.transaction(async (tx) => {
    const current = await tx.memberships.groupsOf(user.id);
    for (const code of current) if (!wanted.includes(code)) await tx.memberships.revoke(user.id, code);
    // Every wanted one is granted, also one a directory gives (it then stays when the directory drops it).
    for (const code of wanted) await tx.memberships.grant(user.id, code);
  });
}

export interface AccountSession extends Session {
  apps: string[];
}

export async function accountSessions(ctx: AppContext, user: User): Promise<AccountSession[]> {
  const sessions = await ctx.stores.sessions.listUserSessions(user.id);
  return Promise.all(sessions.map(async (s) => ({ ...s, apps: await ctx.accountGrants.appsOfSession(s.idHash) })));
}

/** Ends one portal session of the account (by its handle) or all of them; answers how many ended. */
export async function endAccountSessions(ctx: AppContext, user: User, idHash?: string): Promise<number> {
  if (idHash === undefined) return endAccountAccess(ctx, user);
  const session = (await ctx.stores.sessions.listUserSessions(user.id)).find((s) => s.idHash === idHash);
  if (!session) throw new AdminActionError('notFound', AdminMessages.sessionGone);
  await ctx.sessions.endByHash(idHash);
  return 1;
}

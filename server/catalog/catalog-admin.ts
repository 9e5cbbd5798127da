// What an administrator does to client groups and app cards, for the console (the CLI has the
// import file and allow-origin / revoke-origin for the same records): a group saved with the row
// version the console read, its origins and theme checked like the import's.
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { AdminMessages } from '../../contract/errors.ts';
import { normalizeOrigin } from '../http/origins.ts';
import { CLIENT_ID_PATTERN } from '../oidc/index.ts';
import { THEME_LOGO_PATTERN } from '../../contract/rules/theme.ts';
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';
import type { App, ClientGroup } from '../records/catalog.ts';
import { normalizeHost } from './client-groups.ts';
import { endOneFactorSessionsOfGroup } from '../mfa/index.ts';

export interface GroupInput {
  code: string;
  name: string;
  domains: string[];
  domainUrl: string | null;
  staffOnly: boolean;
  requireMfa?: boolean | undefined;
  isDefault: boolean;
  callbackOrigins: string[];
  theme: GroupTheme | null;
  sortOrder: number;
}

function httpUrl(value: string, label: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AdminActionError('badInput', AdminMessages.notAUrl(label, value));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AdminActionError('badInput', AdminMessages.notHttpUrl(label, value));
  return value;
}

function origin(value: string): string {
  const normalized = normalizeOrigin(value);
  if (!normalized || value.replace(/\/$/, '').toLowerCase() !== normalized) {
    throw new AdminActionError('badInput', AdminMessages.notAnOrigin(value));
  }
  return normalized;
}

/** Creates (expectedUpdatedAt null) or changes a group; its messenger settings and pictures are kept. */
export async function saveGroupByAdmin(ctx: AppContext, input: GroupInput, expectedUpdatedAt: number | null): Promise<ClientGroup> {
  const groups = await ctx.stores.catalog.listGroups();
  const existing = groups.find((g) => g.code === input.code) ?? null;
  if (expectedUpdatedAt === null && existing) throw new AdminActionError('exists', AdminMessages.groupCodeTaken(input.code));
  if (expectedUpdatedAt !== null && !existing) throw new AdminActionError('notFound', AdminMessages.groupGone(input.code));
  const domains = [...new Set(input.domains.map(normalizeHost).filter(Boolean))];
  const clash = groups.find((g) => g.code !== input.code && g.domains.some((d) => domains.includes(d)));
  if (clash) throw new AdminActionError('badInput', AdminMessages.domainTaken(clash.name, clash.code));
  if (input.theme?.logoUrl && !THEME_LOGO_PATTERN.test(input.theme.logoUrl)) {
    throw new AdminActionError('badInput', AdminMessages.badThemeLogo);
  }
  const group: ClientGroup = {
    code: input.code, name: input.name.trim(), aliases: existing?.aliases ?? [], domains,
    domainUrl: input.domainUrl === null ? null : httpUrl(input.domainUrl, AdminMessages.domainUrlLabel),
    imageList: existing?.imageList ?? [], cycleTime: existing?.cycleTime ?? 3, weCom: existing?.weCom ?? null,
    feishu: existing?.feishu ?? null, callbackOrigins: [...new Set(input.callbackOrigins.map(origin))],
    isDefault: input.isDefault, sortOrder: input.sortOrder, staffOnly: input.staffOnly, theme: input.theme,
    requireMfa: input.requireMfa ?? existing?.requireMfa ?? false,
  };
  if (!group.name) throw new AdminActionError('badInput', AdminMessages.groupNameMissing);
  if (!(await ctx.stores.catalog.saveGroupIfUnchanged(group, expectedUpdatedAt, ctx.now()))) {
    throw expectedUpdatedAt === null
      ? new AdminActionError('exists', AdminMessages.groupCodeTaken(input.code))
      : new AdminActionError('conflict', AdminMessages.groupChanged);
  }
  // 要求二次验证 just turned on: its members' sessions without a second factor end now (server/mfa).
  if (group.requireMfa && !existing?.requireMfa) await endOneFactorSessionsOfGroup(ctx, group.code);
  // One default group: the one just marked takes it from the others.
  if (group.isDefault) {
    for (const other of await ctx.stores.catalog.listGroups()) {
      if (other.code !== group.code && other.isDefault) await ctx.stores.catalog.upsertGroup({ ...other, isDefault: false });
    }
  }
  return (await ctx.stores.catalog.listGroups()).find((g) => g.code === group.code)!;
}

export async function listAllApps(ctx: AppContext): Promise<App[]> {
  const groups = await ctx.stores.catalog.listGroups();
  return (await Promise.all(groups.map((g) => ctx.stores.catalog.listApps(g.code)))).flat();
}

/** `isNew`: refused when the id is taken; otherwise refused when the card is gone. */
export async function saveAppByAdmin(ctx: AppContext, app: App, isNew: boolean): Promise<App> {
  const exists = (await listAllApps(ctx)).some((a) => a.id === app.id);
  if (isNew && exists) throw new AdminActionError('exists', AdminMessages.appIdTaken(app.id));
  if (!isNew && !exists) throw new AdminActionError('notFound', AdminMessages.appGone(app.id));
  if (!(await ctx.stores.catalog.listGroups()).some((g) => g.code === app.groupCode)) {
    throw new AdminActionError('badInput', AdminMessages.groupNotFound(app.groupCode));
  }
  if (app.oidcClientId && !CLIENT_ID_PATTERN.test(app.oidcClientId)) throw new AdminActionError('badInput', AdminMessages.badClientId);
  // A card's link opens in a new window: http(s) only, or a host the spec lets us prefix with https://.
  if (/^[a-z][a-z0-9+.-]*:/i.test(app.autoLoginUrl)) httpUrl(app.autoLoginUrl, AdminMessages.appLinkLabel);
  if (app.logo && !/^(\/(?!\/)|https?:\/\/)[^\s"'()<>\\]*$/.test(app.logo)) throw new AdminActionError('badInput', AdminMessages.badAppLogo);
  await ctx.stores.catalog.upsertApp(app);
  return app;
}

export async function removeAppByAdmin(ctx: AppContext, id: string): Promise<void> {
  if (!(await ctx.stores.catalog.removeApp(id))) throw new AdminActionError('notFound', AdminMessages.appNotFound(id));
}

/**
 * Deletes a group. Its app cards and memberships go with it (the tables' foreign keys say so: a card
 * and a membership belong to their group). An app's access rule or a directory's mapping that still
 * names the group refuses the delete instead: dropping the code from an app's rule would open the app
 * to everyone once no group is left, and a group created later under the same code would inherit the
 * access. The default group is refused too (the login page falls back to it). Checked and deleted in
 * one transaction.
 */
export async function removeGroupByAdmin(ctx: AppContext, code: string): Promise<ClientGroup> {
  return ctx.storage.transaction(async (tx) => {
    const group = (await tx.catalog.listGroups()).find((g) => g.code === code);
    if (!group) throw new AdminActionError('notFound', AdminMessages.groupNotFound(code));
    if (group.isDefault) throw new AdminActionError('badInput', AdminMessages.groupIsDefault);
    const apps = [
      ...(await tx.oidcClients.list()).filter((c) => c.groups?.includes(code)).map((c) => c.clientId),
      ...(await tx.protocolClients.list()).filter((c) => c.groups.includes(code)).map((c) => c.id),
    ].sort();
    if (apps.length) throw new AdminActionError('badInput', AdminMessages.groupUsedByApps(code, apps));
    const directories = (await tx.directories.list())
      .filter((d) => d.config.groupMappings.some((m) => m.group === code)).map((d) => d.config.name || d.config.id);
    if (directories.length) throw new AdminActionError('badInput', AdminMessages.groupUsedByDirectories(code, directories));
    await tx.catalog.removeGroup(code);
    return group;
  });
}

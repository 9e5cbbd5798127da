// What an administrator does to client groups and app cards, for the console (the CLI has the
// import file and allow-origin / revoke-origin for the same records): a group saved with the row
// version the console read, its origins and theme checked like the import's.
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { normalizeOrigin } from '../embedding/embed-origins.ts';
import { CLIENT_ID_PATTERN } from '../oidc/client-registry.ts';
import { THEME_LOGO_PATTERN } from '../../contract/rules/theme.ts';
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';
import type { App, ClientGroup } from './catalog-store.ts';
import { normalizeHost } from './client-groups.ts';

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
    throw new AdminActionError('badInput', `${label}不是完整的网址：${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AdminActionError('badInput', `${label}只能是 http 或 https 网址：${value}`);
  return value;
}

function origin(value: string): string {
  const normalized = normalizeOrigin(value);
  if (!normalized || value.replace(/\/$/, '').toLowerCase() !== normalized) {
    throw new AdminActionError('badInput', `"${value}" 不是来源（如 https://dealer.example.com，不带路径）`);
  }
  return normalized;
}

/** Creates (expectedUpdatedAt null) or changes a group; its messenger settings and pictures are kept. */
export async function saveGroupByAdmin(ctx: AppContext, input: GroupInput, expectedUpdatedAt: number | null): Promise<ClientGroup> {
  const groups = await ctx.stores.catalog.listGroups();
  const existing = groups.find((g) => g.code === input.code) ?? null;
  if (expectedUpdatedAt === null && existing) throw new AdminActionError('exists', `客户群代码 ${input.code} 已被使用`);
  if (expectedUpdatedAt !== null && !existing) throw new AdminActionError('notFound', `客户群 ${input.code} 不存在，可能已被删除`);
  const domains = [...new Set(input.domains.map(normalizeHost).filter(Boolean))];
  const clash = groups.find((g) => g.code !== input.code && g.domains.some((d) => domains.includes(d)));
  if (clash) throw new AdminActionError('badInput', `域名已属于客户群 ${clash.name}（${clash.code}）`);
  if (input.theme?.logoUrl && !THEME_LOGO_PATTERN.test(input.theme.logoUrl)) {
    throw new AdminActionError('badInput', '标志地址须是本站路径（/…）或 https 网址');
  }
  const group: ClientGroup = {
    code: input.code, name: input.name.trim(), aliases: existing?.aliases ?? [], domains,
    domainUrl: input.domainUrl === null ? null : httpUrl(input.domainUrl, '访问地址'),
    imageList: existing?.imageList ?? [], cycleTime: existing?.cycleTime ?? 3, weCom: existing?.weCom ?? null,
    feishu: existing?.feishu ?? null, callbackOrigins: [...new Set(input.callbackOrigins.map(origin))],
    isDefault: input.isDefault, sortOrder: input.sortOrder, staffOnly: input.staffOnly, theme: input.theme,
    requireMfa: input.requireMfa ?? existing?.requireMfa ?? false,
  };
  if (!group.name) throw new AdminActionError('badInput', '请输入客户群名称');
  if (!(await ctx.stores.catalog.saveGroupIfUnchanged(group, expectedUpdatedAt, ctx.now()))) {
    throw expectedUpdatedAt === null
      ? new AdminActionError('exists', `客户群代码 ${input.code} 已被使用`)
      : new AdminActionError('conflict', '该客户群已被其他管理员修改，请刷新后再改');
  }
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
  if (isNew && exists) throw new AdminActionError('exists', `应用 ID ${app.id} 已被使用`);
  if (!isNew && !exists) throw new AdminActionError('notFound', `应用 ${app.id} 不存在，可能已被删除`);
  if (!(await ctx.stores.catalog.listGroups()).some((g) => g.code === app.groupCode)) {
    throw new AdminActionError('badInput', `客户群 ${app.groupCode} 不存在`);
  }
  if (app.oidcClientId && !CLIENT_ID_PATTERN.test(app.oidcClientId)) throw new AdminActionError('badInput', '客户端 ID 格式不正确');
  // A card's link opens in a new window: http(s) only, or a host the spec lets us prefix with https://.
  if (/^[a-z][a-z0-9+.-]*:/i.test(app.autoLoginUrl)) httpUrl(app.autoLoginUrl, '应用链接');
  if (app.logo && !/^(\/(?!\/)|https?:\/\/)[^\s"'()<>\\]*$/.test(app.logo)) throw new AdminActionError('badInput', '图标地址须是本站路径（/…）或 http(s) 网址');
  await ctx.stores.catalog.upsertApp(app);
  return app;
}

export async function removeAppByAdmin(ctx: AppContext, id: string): Promise<void> {
  if (!(await ctx.stores.catalog.removeApp(id))) throw new AdminActionError('notFound', `应用 ${id} 不存在`);
}

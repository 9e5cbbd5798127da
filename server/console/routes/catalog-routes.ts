// 应用 (2/2): app cards; 客户群: client groups and their brands.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import {
  listApps, listGroups, removeApp, removeGroup, saveApp, saveGroup, type ConsoleApp, type ConsoleGroup, type SaveAppBody, type SaveGroupBody,
} from '../../../contract/endpoints/console.ts';
import type { App, ClientGroup } from '../../records/catalog.ts';
import { listAllApps, removeAppByAdmin, removeGroupByAdmin, saveAppByAdmin, saveGroupByAdmin } from '../../catalog/index.ts';
import { ok } from '../../http/envelope.ts';
import { requireAdmin } from '../console-guard.ts';
import { asConsoleAnswer } from '../console-refusal.ts';
import { recordAdminAction } from '../record-admin-action.ts';

const consoleAppOf = (a: App): ConsoleApp => ({
  id: a.id, groupCode: a.groupCode, name: a.name, logo: a.logo, intro: a.intro, autoLoginUrl: a.autoLoginUrl,
  oidcClientId: a.oidcClientId ?? null, sortOrder: a.sortOrder, visible: a.visible,
});

const consoleGroupOf = (g: ClientGroup): ConsoleGroup => ({
  code: g.code, name: g.name, domains: g.domains, domainUrl: g.domainUrl, staffOnly: g.staffOnly, requireMfa: g.requireMfa ?? false, isDefault: g.isDefault,
  callbackOrigins: g.callbackOrigins, theme: g.theme ?? null, sortOrder: g.sortOrder, updatedAt: g.updatedAt ?? 0,
});

export function registerConsoleCatalogRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get(listApps.path, { schema: { querystring: listApps.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    return ok(listApps, (await listAllApps(ctx)).map(consoleAppOf));
  });

  api.post<{ Body: SaveAppBody }>(saveApp.path, { schema: { body: saveApp.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { isNew, ...fields } = request.body;
    const before = (await listAllApps(ctx)).find((a) => a.id === fields.id);
    const app = consoleAppOf(await asConsoleAnswer(() => saveAppByAdmin(ctx, fields, isNew)));
    await recordAdminAction(ctx, admin.user.username, request.ip, before ? 'app.update' : 'app.create', app.id, before && consoleAppOf(before), app);
    return ok(saveApp, app);
  });

  api.post<{ Body: { id: string } }>(removeApp.path, { schema: { body: removeApp.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const before = (await listAllApps(ctx)).find((a) => a.id === request.body.id);
    await asConsoleAnswer(() => removeAppByAdmin(ctx, request.body.id));
    await recordAdminAction(ctx, admin.user.username, request.ip, 'app.remove', request.body.id, before && consoleAppOf(before), null);
    return ok(removeApp, null);
  });

  api.get(listGroups.path, { schema: { querystring: listGroups.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    return ok(listGroups, (await ctx.stores.catalog.listGroups()).map(consoleGroupOf));
  });

  api.post<{ Body: SaveGroupBody }>(saveGroup.path, { schema: { body: saveGroup.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { expectedUpdatedAt, ...input } = request.body;
    const before = (await ctx.stores.catalog.listGroups()).find((g) => g.code === input.code);
    const group = consoleGroupOf(await asConsoleAnswer(() => saveGroupByAdmin(ctx, input, expectedUpdatedAt)));
    await recordAdminAction(ctx, admin.user.username, request.ip, before ? 'group.update' : 'group.create', group.code,
      before && consoleGroupOf(before), group);
    return ok(saveGroup, group);
  });

  api.post<{ Body: { code: string } }>(removeGroup.path, { schema: { body: removeGroup.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const removed = await asConsoleAnswer(() => removeGroupByAdmin(ctx, request.body.code));
    await recordAdminAction(ctx, admin.user.username, request.ip, 'group.remove', removed.code, consoleGroupOf(removed), null);
    return ok(removeGroup, null);
  });
}

// Client groups and their apps, chosen by host: detailGetBySsoDomain (public),
// getClientGroupList and getClientListBySsoDomain (session required).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { appView, groupConfigView, groupSummary } from './client-groups.ts';
import { requireSession } from '../auth/session-cookie.ts';
import { appList, groupDetail, groupList, type DomainQuery } from '../../contract/endpoints/catalog.ts';
import { ok } from '../http/envelope.ts';
import { groupFor, requestOrigin } from './group-of-request.ts';

export function registerClientGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: DomainQuery }>(groupDetail.path, {
    schema: { querystring: groupDetail.query },
  }, async (request) => {
    const group = await groupFor(ctx, request, request.query.ssoDomain);
    return ok(groupConfigView(group, requestOrigin(request)));
  });

  app.get(groupList.path, { schema: { querystring: groupList.query } }, async (request, reply) => {
    await requireSession(ctx, request, reply);
    const via = requestOrigin(request);
    return ok((await ctx.stores.catalog.listGroups()).map((g) => groupSummary(g, via)));
  });

  app.get<{ Querystring: DomainQuery }>(appList.path, {
    schema: { querystring: appList.query },
  }, async (request, reply) => {
    await requireSession(ctx, request, reply);
    const group = await groupFor(ctx, request, request.query.ssoDomain);
    return ok((await ctx.stores.catalog.listApps(group.code)).filter((a) => a.visible).map((a) => appView(a, ctx.appLinks.urlOf(a))));
  });
}

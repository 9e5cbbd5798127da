// Client groups and their apps, chosen by host: detailGetBySsoDomain (public),
// getClientGroupList and getClientListBySsoDomain (session required).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { appView, groupConfigView, groupSummary } from '../../domain/client-groups.ts';
import { groupFor, ok, requestOrigin, requireSession } from '../support.ts';

const domainQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ssoDomain: { type: 'string', maxLength: 253 } },
} as const;

const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export function registerClientGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { ssoDomain?: string } }>('/centerAuth/clientGroup/detailGetBySsoDomain', {
    schema: { querystring: domainQuery },
  }, async (request) => {
    const group = await groupFor(ctx, request, request.query.ssoDomain);
    return ok(groupConfigView(group, requestOrigin(request)));
  });

  app.get('/centerAuth/clientGroup/getClientGroupList', { schema: { querystring: noQuery } }, async (request, reply) => {
    await requireSession(ctx, request, reply);
    const via = requestOrigin(request);
    return ok((await ctx.repo.listGroups()).map((g) => groupSummary(g, via)));
  });

  app.get<{ Querystring: { ssoDomain?: string } }>('/centerAuth/client/getClientListBySsoDomain', {
    schema: { querystring: domainQuery },
  }, async (request, reply) => {
    await requireSession(ctx, request, reply);
    const group = await groupFor(ctx, request, request.query.ssoDomain);
    return ok((await ctx.repo.listApps(group.code)).filter((a) => a.visible).map(appView));
  });
}

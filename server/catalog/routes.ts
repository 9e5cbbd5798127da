// Client groups and their apps, chosen by host: detailGetBySsoDomain (public: the login page's
// branding), and the group calls getClientGroupList and getClientListBySsoDomain (session
// required), which answer only for the groups the account is a member of, and list only the apps
// it can open (the per-group rule: group-access.ts, app-links.ts). The catalog cache holds whole groups; the per-account filter
// runs on every call over the account's memberships.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { appView, groupConfigView, groupSummary } from './client-groups.ts';
import { isGroupMember } from './group-access.ts';
import { requireSession } from '../auth/index.ts';
import { appList, groupDetail, groupList, type DomainQuery } from '../../contract/endpoints/catalog.ts';
import { ok } from '../http/envelope.ts';
import { refuse } from '../http/api-error.ts';
import { groupFor, requestOrigin } from './group-of-request.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

export function registerClientGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: DomainQuery }>(groupDetail.path, {
    schema: { querystring: groupDetail.query },
  }, async (request) => {
    const group = await groupFor(ctx, request, request.query.ssoDomain);
    // The SMS resend cooldown rides along: the login page's send buttons count down the server's own.
    const smsCooldownSeconds = Math.ceil(ctx.config.smsResendCooldownMs / 1000);
    return ok(groupDetail, { ...groupConfigView(group, requestOrigin(request)), smsCooldownSeconds });
  });

  app.get(groupList.path, { schema: { querystring: groupList.query } }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const via = requestOrigin(request);
    const [groups, mine] = await Promise.all([ctx.stores.catalog.listGroups(), ctx.stores.memberships.groupsOf(session.userId)]);
    return ok(groupList, groups.filter((g) => isGroupMember(mine, g.code)).map((g) => groupSummary(g, via)));
  });

  app.get<{ Querystring: DomainQuery }>(appList.path, {
    schema: { querystring: appList.query },
  }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const [group, mine] = await Promise.all([groupFor(ctx, request, request.query.ssoDomain), ctx.stores.memberships.groupsOf(session.userId)]);
    if (!isGroupMember(mine, group.code)) throw refuse('notGroupMember');
    // Only the cards the account can open: a card of a client restricted to other groups is left out.
    const apps = (await ctx.stores.catalog.listApps(group.code)).filter((a) => a.visible && ctx.appLinks.mayOpen(a, mine));
    return ok(appList, apps.map((a) => appView(a, ctx.appLinks.urlOf(a))));
  });
}

export const catalogSlice: SlicePlugin = {
  name: 'catalog',
  api: ({ api, ctx }) => registerClientGroupRoutes(api, ctx),
};

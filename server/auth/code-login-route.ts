// GET /centerAuth/sso/WeCom/loginByCode and GET /centerAuth/sso/feishu/loginByCode: exchange the
// messenger's code upstream (settings of the request's client group) and log in the linked user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { feishuLoginByCode, weComLoginByCode, type CodeLoginQuery } from '../../contract/endpoints/auth.ts';
import type { ClientGroup } from '../records/catalog.ts';
import { UpstreamUnavailable } from './messengers/upstream-http.ts';
import { refuse, upstreamDown } from '../http/api-error.ts';
import { groupFor } from '../catalog/index.ts';
import { audit, completeLogin, loginRedirect, refuseMustChange } from './complete-login.ts';
import { askSecondFactor, secondFactorNeed } from '../mfa/index.ts';

type Provider = 'wecom' | 'feishu';

const base = (configured: string | null, group: string): string => (configured ?? group).replace(/\/+$/, '');

async function identify(
  ctx: AppContext, provider: Provider, request: FastifyRequest<{ Querystring: CodeLoginQuery }>, group: ClientGroup,
): Promise<string | null> {
  try {
    if (provider === 'wecom') {
      if (!group.weCom) throw refuse('weComNotConfigured');
      return await ctx.weCom.userIdForCode(group.weCom, base(ctx.config.weComBaseUrl, group.weCom.baseUrl), request.query.code);
    }
    if (!group.feishu) throw refuse('feishuNotConfigured');
    return await ctx.feishu.unionIdForCode(group.feishu, base(ctx.config.feishuBaseUrl, group.feishu.baseUrl), request.query.code);
  } catch (error) {
    if (error instanceof UpstreamUnavailable) {
      request.log.warn({ provider, reason: error.message }, 'messenger upstream unavailable');
      throw upstreamDown();
    }
    throw error;
  }
}

async function loginByCode(ctx: AppContext, provider: Provider, request: FastifyRequest<{ Querystring: CodeLoginQuery }>, reply: FastifyReply) {
  const { clientId } = request.query;
  const group = await groupFor(ctx, request, request.query.ssoDomain);
  const redirect = loginRedirect(request, group, request.query.callBack);
  const externalId = await identify(ctx, provider, request, group);
  if (externalId === null) {
    await audit(ctx, request, '', provider, 'bad_code', clientId);
    throw refuse('badAuthCode');
  }
  const userId = await ctx.stores.users.findIdentity(provider, externalId);
  const user = userId === null ? null : await ctx.stores.users.findUserById(userId);
  if (!user) {
    await audit(ctx, request, `${provider}:${externalId}`, provider, 'unlinked', clientId);
    throw refuse(provider === 'wecom' ? 'weComUnlinked' : 'feishuUnlinked');
  }
  // A password lockout locks the password only: the messenger account is proof enough here.
  await refuseMustChange(ctx, request, user, provider, clientId);
  // The messenger account is one factor: the second step as after a password (server/mfa).
  await askSecondFactor(ctx, request, user, await secondFactorNeed(ctx, user), provider, redirect, clientId);
  return completeLogin(ctx, request, reply, user, provider, redirect, clientId);
}

export function registerCodeLogin(app: FastifyInstance, ctx: AppContext): void {
  for (const [provider, endpoint] of [['wecom', weComLoginByCode], ['feishu', feishuLoginByCode]] as const) {
    app.get<{ Querystring: CodeLoginQuery }>(endpoint.path, {
      schema: { querystring: endpoint.query },
      config: { xsrf: endpoint.xsrf, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
    }, (request, reply) => loginByCode(ctx, provider, request, reply));
  }
}

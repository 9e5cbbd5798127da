// GET /centerAuth/sso/WeCom/loginByCode and GET /centerAuth/sso/feishu/loginByCode: exchange the
// messenger's code upstream (settings of the request's client group) and log in the linked user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ClientGroup } from '../../db/repository.ts';
import { UpstreamUnavailable } from '../../domain/social/http.ts';
import { refuse, upstreamDown } from '../../errors.ts';
import { audit, completeLogin, groupFor, loginRedirect, refuseMustChange } from '../support.ts';

interface CodeQuery {
  code: string;
  clientId?: string;
  ssoDomain?: string;
  /** Where the browser goes afterwards: checked like doLogin's, bound to an embedded login's ticket. */
  callBack?: string;
}

const querySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 512 },
    clientId: { type: 'string', maxLength: 128 },
    ssoDomain: { type: 'string', maxLength: 253 },
    callBack: { type: 'string', maxLength: 2048 },
  },
} as const;

type Provider = 'wecom' | 'feishu';

const base = (configured: string | null, group: string): string => (configured ?? group).replace(/\/+$/, '');

async function identify(
  ctx: AppContext, provider: Provider, request: FastifyRequest<{ Querystring: CodeQuery }>, group: ClientGroup,
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

async function loginByCode(ctx: AppContext, provider: Provider, request: FastifyRequest<{ Querystring: CodeQuery }>, reply: FastifyReply) {
  const { clientId } = request.query;
  const group = await groupFor(ctx, request, request.query.ssoDomain);
  const redirect = loginRedirect(request, group, request.query.callBack);
  const externalId = await identify(ctx, provider, request, group);
  if (externalId === null) {
    await audit(ctx, request, '', provider, 'bad_code', clientId);
    throw refuse('badAuthCode');
  }
  const userId = await ctx.repo.findIdentity(provider, externalId);
  const user = userId === null ? null : await ctx.repo.findUserById(userId);
  if (!user) {
    await audit(ctx, request, `${provider}:${externalId}`, provider, 'unlinked', clientId);
    throw refuse(provider === 'wecom' ? 'weComUnlinked' : 'feishuUnlinked');
  }
  // A password lockout locks the password only: the messenger account is proof enough here.
  await refuseMustChange(ctx, request, user, provider, clientId);
  return completeLogin(ctx, request, reply, user, provider, redirect, clientId);
}

export function registerSocialLogin(app: FastifyInstance, ctx: AppContext): void {
  const options = {
    schema: { querystring: querySchema },
    config: { xsrf: true, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  };
  app.get<{ Querystring: CodeQuery }>('/centerAuth/sso/WeCom/loginByCode', options, (request, reply) =>
    loginByCode(ctx, 'wecom', request, reply));
  app.get<{ Querystring: CodeQuery }>('/centerAuth/sso/feishu/loginByCode', options, (request, reply) =>
    loginByCode(ctx, 'feishu', request, reply));
}

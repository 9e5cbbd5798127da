// GET /centerAuth/sso/isLogin, GET /centerAuth/sso/signout, GET /centerAuth/commonConfig/getPublicKeySm2.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sessionIdOf } from '../../http/cookie-names.ts';
import { sessionExpired } from '../../errors.ts';
import { clearSessionCookie, ok } from '../support.ts';

const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/centerAuth/commonConfig/getPublicKeySm2', { schema: { querystring: noQuery } }, async () => ok(ctx.keys.publicKey));

  app.get('/centerAuth/sso/isLogin', { schema: { querystring: noQuery } }, async (request, reply) => {
    const state = await ctx.sessions.resolve(sessionIdOf(request));
    if (state.kind === 'expired') {
      clearSessionCookie(request, reply);
      throw sessionExpired();
    }
    return ok(state.kind === 'active');
  });

  app.get<{ Querystring: { from?: string } }>('/centerAuth/sso/signout', {
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { from: { type: 'string', maxLength: 256 } } } },
    config: { xsrf: true },
  }, async (request, reply) => {
    // Signing out always succeeds, even when the session already timed out.
    await ctx.sessions.end(sessionIdOf(request));
    clearSessionCookie(request, reply);
    request.log.info({ from: request.query.from ?? null }, 'signed out');
    return ok(null);
  });
}

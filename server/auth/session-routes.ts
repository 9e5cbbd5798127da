// GET /centerAuth/sso/isLogin, GET /centerAuth/sso/signout, GET /centerAuth/commonConfig/getPublicKeySm2.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { sessionExpired } from '../http/api-error.ts';
import { getPublicKey, isLogin, signOut, type SignOutQuery } from '../../contract/endpoints/auth.ts';
import { ok } from '../http/envelope.ts';
import { clearSessionCookie } from './session-cookie.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(getPublicKey.path, { schema: { querystring: getPublicKey.query } }, async () => ok(getPublicKey, ctx.keys.publicKey));

  app.get(isLogin.path, { schema: { querystring: isLogin.query } }, async (request, reply) => {
    const state = await ctx.sessions.resolve(sessionIdOf(request));
    if (state.kind === 'expired') {
      clearSessionCookie(request, reply);
      throw sessionExpired();
    }
    return ok(isLogin, state.kind === 'active');
  });

  app.get<{ Querystring: SignOutQuery }>(signOut.path, {
    schema: { querystring: signOut.query },
    config: { xsrf: signOut.xsrf },
  }, async (request, reply) => {
    // Signing out always succeeds, even when the session already timed out.
    const sid = sessionIdOf(request);
    await ctx.sessions.end(sid);
    clearSessionCookie(request, reply);
    request.log.info({ from: request.query.from ?? null }, 'signed out');
    // Apps only this browser can sign out (SAML front-channel logout): the page it goes on to.
    const logoutChain = await ctx.sessions.browserStepAfterEnd(sid);
    return ok(signOut, logoutChain ? { logoutChain } : null);
  });
}

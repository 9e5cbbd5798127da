// The CAS 3.0 server under <public URL>/cas/ (apereo.github.io/cas/development/protocol/CAS-Protocol-Specification.html):
// /login (service, renew, gateway) on the portal session and the portal's own login page, exactly
// as the OpenID Connect sign-in; /logout (service); /validate (CAS 1.0); /serviceValidate and
// /p3/serviceValidate (XML, or JSON with format=JSON), attributes username, name, phone, groups.
// Proxy tickets are not issued: /proxy and /proxyValidate answer INVALID_REQUEST (docs/cas.md).
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Apps } from '../registered-apps.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { deriveKey } from '../embedding/index.ts';
import { sameText } from '../crypto/signature.ts';
import { CasTickets, TICKET_PATTERN } from './cas-tickets.ts';
import { CasSingleLogout } from './cas-logout.ts';
import { contentTypeOf, failureBody, successBody, type CasErrorCode, type CasFormat, type CasUser } from './cas-responses.ts';
import { loggedOutPage, logoutConfirmPage, reauthenticatePage, REFUSALS, refusalPage } from './cas-pages.ts';
import { matchesPattern, mostSpecificApp, serviceUrl } from './service-patterns.ts';
import type { ProtocolClient } from './protocol-client-store.ts';
import { portalLoginPage } from './protocol-login-page.ts';
import { displayNameOf } from '../records/user.ts';

export const CAS_PREFIX = '/cas';

type Query = Record<string, unknown>;

/** A single-valued parameter: a repeated one (service=a&service=b) counts as bad, not as either. */
function param(query: Query, name: string): string | undefined | null {
  const value = query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

const isTrue = (value: string | undefined | null): boolean => value === 'true' || value === '1' || value === '';

export interface CasParts {
  tickets: CasTickets;
  logout: CasSingleLogout;
  /** The page that asks before a renew / ForceAuthn ends the running session (SAML uses it too). */
  reauthenticate(reply: FastifyReply, idHash: string, next: string, client: ProtocolClient): FastifyReply;
}

/** Where a re-authentication continues: a pending CAS login or SAML sign-in, nothing else. */
const REAUTH_NEXT = /^\/(?:cas\/login\?resume=|saml\/sso\/resume\?id=)[A-Za-z0-9_-]{10,64}$/;

export function casServiceFor(registry: Apps, service: string): ProtocolClient | undefined {
  return mostSpecificApp(registry.all('cas'), service);
}

export async function registerCas(app: FastifyInstance, ctx: AppContext, registry: Apps): Promise<CasParts> {
  const { config } = ctx;
  const tickets = new CasTickets(ctx.storage.oidcRecords, ctx.now, config.sessionAbsoluteMs + 24 * 3600_000);
  const logout = new CasSingleLogout(tickets, app.log);
  const logoutKey = deriveKey(ctx.keys.privateKey, 'sso cas logout v1');
  const logoutToken = (idHash: string) => crypto.createHmac('sha256', logoutKey).update(idHash).digest('base64url');
  const reauthenticate = (reply: FastifyReply, idHash: string, next: string, client: ProtocolClient) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(reauthenticatePage(logoutToken(`reauth:${idHash}`), next, client.id, client.name));

  ctx.sessions.onEnd((idHash) => logout.endPortalSession(idHash).catch((error: unknown) => app.log.warn({ err: error }, 'CAS single logout failed')));
  // Timeouts (and sessions ended by another process) are found the way the OpenID Connect sweep finds them.
  const sweep = setInterval(() => {
    void (async () => {
      for (const idHash of await tickets.sessionsWithSignIns()) {
        const session = await ctx.stores.sessions.findSession(idHash);
        const now = ctx.now();
        if (!session || now - session.lastSeenAt > config.sessionIdleMs || now - session.createdAt > config.sessionAbsoluteMs) {
          await logout.endPortalSession(idHash);
        }
      }
    })().catch((error: unknown) => app.log.warn({ err: error }, 'CAS single logout sweep failed'));
  }, config.oidcLogoutSweepMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const findService = (service: string): Promise<ProtocolClient | undefined> => registry.findBy('cas', (services) => mostSpecificApp(services, service));
  const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const withTicket = (service: string, ticket: string) => `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}`;
  const route = { config: { xsrf: false } };

  app.get(`${CAS_PREFIX}/login`, route, async (request, reply) => {
    const query = request.query as Query;
    const resumeId = param(query, 'resume');
    let service: string;
    let renew: boolean;
    let gateway = false;
    let since = 0;
    if (resumeId !== undefined) {
      const started = resumeId ? await tickets.findLogin(resumeId) : null;
      if (!started) return html(reply, 400, refusalPage(REFUSALS.expired));
      ({ service, renew, since } = started);
    } else {
      const raw = param(query, 'service');
      const renewRaw = param(query, 'renew');
      const gatewayRaw = param(query, 'gateway');
      if (raw === null || renewRaw === null || gatewayRaw === null) return html(reply, 400, refusalPage(REFUSALS.badRequest));
      if (raw === undefined) {
        // No service: CAS's own "signed in" answer is the portal.
        const state = await ctx.sessions.resolve(sessionIdOf(request));
        return reply.redirect(state.kind === 'active' ? '/home' : '/', 303);
      }
      if (!serviceUrl(raw)) return html(reply, 400, refusalPage(REFUSALS.badService));
      service = raw;
      renew = renewRaw !== undefined && isTrue(renewRaw);
      gateway = gatewayRaw !== undefined && isTrue(gatewayRaw);
    }
    const client = await findService(service);
    if (!client) return html(reply, 403, refusalPage(REFUSALS.unknownService));
    const sid = sessionIdOf(request);
    const state = await ctx.sessions.resolve(sid);
    const session = state.kind === 'active' ? state.session : null;
    // renew=true: credentials must be presented for this login, a sign-in older than it does not count.
    const signedInForIt = session !== null && (!renew || (resumeId !== undefined && session.createdAt >= since));
    if (session && signedInForIt) {
      if (!(await registry.mayUse(client, session.userId))) return html(reply, 403, refusalPage(REFUSALS.noAccess));
      if (resumeId) await tickets.finishLogin(resumeId);
      const ticket = await tickets.issue({
        service, clientId: client.id, userId: session.userId, idHash: session.idHash,
        fresh: resumeId !== undefined && session.createdAt >= since, authTime: session.createdAt,
      });
      return reply.redirect(withTicket(service, ticket), 303);
    }
    // gateway: the app only wants to know whether someone is signed in (renew wins over it).
    if (gateway && !renew) return reply.redirect(service, 303);
    const id = resumeId || await tickets.startLogin({ service, renew, since: ctx.now() });
    // renew over a running session: a new sign-in replaces it (its apps are signed out, as at any
    // sign-in over one), after the person agreed on a page of ours (a GET must not sign out).
    if (session) return reauthenticate(reply, session.idHash, `${CAS_PREFIX}/login?resume=${id}`, client);
    return reply.redirect(await portalLoginPage(ctx.stores.catalog, `${CAS_PREFIX}/login?resume=${id}`, client), 303);
  });

  app.get(`${CAS_PREFIX}/logout`, route, async (request, reply) => {
    const query = request.query as Query;
    const service = param(query, 'service');
    const target = typeof service === 'string' && serviceUrl(service) && await findService(service) ? service : null;
    const state = await ctx.sessions.resolve(sessionIdOf(request));
    if (state.kind !== 'active') return target ? reply.redirect(target, 303) : html(reply, 200, loggedOutPage());
    const appName = target ? (casServiceFor(registry, target)?.name ?? null) : null;
    return html(reply, 200, logoutConfirmPage(logoutToken(state.session.idHash), target, appName));
  });

  app.post<{ Body: Record<string, unknown> }>(`${CAS_PREFIX}/logout`, route, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Query;
    const token = param(body, 'token');
    const service = param(body, 'service');
    const sid = sessionIdOf(request);
    const state = await ctx.sessions.resolve(sid);
    if (state.kind === 'active') {
      // The form's token is bound to this session: another site cannot post it.
      if (typeof token !== 'string' || !sameText(token, logoutToken(state.session.idHash))) return html(reply, 403, refusalPage(REFUSALS.badRequest));
      await ctx.sessions.end(sid);
    }
    const target = typeof service === 'string' && serviceUrl(service) && await findService(service) ? service : null;
    return target ? reply.redirect(target, 303) : html(reply, 200, loggedOutPage());
  });

  app.post<{ Body: Record<string, unknown> }>(`${CAS_PREFIX}/reauthenticate`, route, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Query;
    const token = param(body, 'token');
    const next = param(body, 'next');
    const clientId = param(body, 'client');
    if (typeof next !== 'string' || !REAUTH_NEXT.test(next) || typeof clientId !== 'string') return html(reply, 400, refusalPage(REFUSALS.badRequest));
    await registry.fresh();
    // A CAS login or a SAML sign-in (REAUTH_NEXT): the app of either protocol.
    const client = registry.get('cas', clientId) ?? registry.get('saml', clientId);
    if (!client) return html(reply, 400, refusalPage(REFUSALS.badRequest));
    const sid = sessionIdOf(request);
    const state = await ctx.sessions.resolve(sid);
    if (state.kind === 'active') {
      if (typeof token !== 'string' || !sameText(token, logoutToken(`reauth:${state.session.idHash}`))) return html(reply, 403, refusalPage(REFUSALS.badRequest));
      await ctx.sessions.end(sid);
    }
    return reply.redirect(await portalLoginPage(ctx.stores.catalog, next, client), 303);
  });

  async function validate(query: Query): Promise<{ ok: true; user: CasUser } | { ok: false; code: CasErrorCode; description: string }> {
    const ticket = param(query, 'ticket');
    const service = param(query, 'service');
    const renew = param(query, 'renew');
    if (ticket === null || service === null || renew === null) return { ok: false, code: 'INVALID_REQUEST', description: 'parameters must not repeat' };
    if (!ticket || !service) return { ok: false, code: 'INVALID_REQUEST', description: 'ticket and service are required' };
    if (!ticket.startsWith('ST-')) return { ok: false, code: 'INVALID_TICKET_SPEC', description: 'only service tickets (ST-) are validated here' };
    if (!TICKET_PATTERN.test(ticket)) return { ok: false, code: 'INVALID_TICKET', description: 'ticket not recognized' };
    const redeemed = await tickets.redeem(ticket);
    if (!redeemed.ok) return { ok: false, code: 'INVALID_TICKET', description: redeemed.reason === 'unknown' ? 'ticket not recognized' : `ticket ${redeemed.reason}` };
    const issued = redeemed.ticket;
    // Bound to the exact service URL; a mismatch also uses the ticket up (it was redeemed above).
    if (issued.service !== service) return { ok: false, code: 'INVALID_SERVICE', description: 'ticket was issued for another service' };
    if (renew !== undefined && isTrue(renew) && !issued.fresh) return { ok: false, code: 'INVALID_TICKET', description: 'ticket did not come from a new sign-in (renew)' };
    const registered = () => {
      const found = registry.get('cas', issued.clientId);
      return found?.cas?.services.some((p) => matchesPattern(p, service)) ? found : undefined;
    };
    // Another instance may have issued the ticket for a service this one has not loaded yet.
    const client = await registry.findBy('cas', registered);
    if (!client) return { ok: false, code: 'INVALID_SERVICE', description: 'service is no longer registered' };
    const [session, user] = await Promise.all([ctx.stores.sessions.findSession(issued.idHash), ctx.stores.users.findUserById(issued.userId)]);
    if (!session || !user || user.disabled) return { ok: false, code: 'INVALID_TICKET', description: 'the sign-in has ended' };
    if (!(await registry.mayUse(client, user.id))) return { ok: false, code: 'INVALID_TICKET', description: 'the account may not use this service' };
    const groups = await ctx.stores.memberships.groupsOf(user.id);
    return {
      ok: true,
      user: {
        username: user.username,
        attributes: {
          username: user.username, name: displayNameOf(user), ...(user.phone ? { phone: user.phone } : {}), groups,
          authenticationDate: new Date(issued.authTime).toISOString(), isFromNewLogin: String(issued.fresh),
          longTermAuthenticationRequestTokenUsed: 'false',
        },
      },
    };
  }

  const formatOf = (query: Query): CasFormat => (param(query, 'format') === 'JSON' ? 'JSON' : 'XML');

  app.get(`${CAS_PREFIX}/validate`, route, async (request, reply) => {
    const result = await validate(request.query as Query);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(result.ok ? `yes\n${result.user.username}\n` : 'no\n\n');
  });

  const serviceValidate = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query;
    const format = formatOf(query);
    const result = await validate(query);
    reply.type(contentTypeOf(format)).header('cache-control', 'no-store');
    if (!result.ok) request.log.info({ casError: result.code, reason: result.description }, 'CAS ticket refused');
    return reply.send(result.ok ? successBody(format, result.user) : failureBody(format, result.code, result.description));
  };
  app.get(`${CAS_PREFIX}/serviceValidate`, route, serviceValidate);
  app.get(`${CAS_PREFIX}/p3/serviceValidate`, route, serviceValidate);

  // No proxy granting tickets are issued, so nothing can be proxied: the spec's answer to a request it cannot serve.
  const noProxy = async (request: FastifyRequest, reply: FastifyReply) => {
    const format = formatOf(request.query as Query);
    if (request.url.startsWith(`${CAS_PREFIX}/proxy?`) || request.url === `${CAS_PREFIX}/proxy`) {
      const code = 'INVALID_REQUEST';
      const body = format === 'JSON'
        ? JSON.stringify({ serviceResponse: { proxyFailure: { code, description: 'proxy tickets are not supported' } } })
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:proxyFailure code="${code}">proxy tickets are not supported</cas:proxyFailure></cas:serviceResponse>\n`;
      return reply.type(contentTypeOf(format)).send(body);
    }
    return reply.type(contentTypeOf(format)).send(failureBody(format, 'INVALID_REQUEST', 'proxy tickets are not supported'));
  };
  app.get(`${CAS_PREFIX}/proxyValidate`, route, noProxy);
  app.get(`${CAS_PREFIX}/p3/proxyValidate`, route, noProxy);
  app.get(`${CAS_PREFIX}/proxy`, route, noProxy);

  return { tickets, logout, reauthenticate };
}

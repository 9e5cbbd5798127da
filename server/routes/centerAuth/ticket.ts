// The ticket half of embedded sign-in (docs/embedding.md):
// - issueLoginTicket: a login that came from a registered brand site (request.embedOrigin) ends in
//   a one-time ticket instead of a session the browser would drop as a third-party cookie;
// - GET /centerAuth/sso/ticket/redeem?ticket=...: the top-level navigation to the SSO origin that
//   turns the ticket into a first-party session and sends the browser on with a 303.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { User } from '../../db/repository.ts';
import { isRegisteredFor, normalizeOrigin, ownOrigin } from '../../domain/embed-origins.ts';
import { LoginTickets, TICKET_PATTERN } from '../../domain/login-tickets.ts';
import { bindingHashOf, proofMatches } from '../../auth/ticket-binding.ts';
import { DEFAULT_REDIRECT, safeRedirect } from '../../http/redirect-target.ts';
import { sessionIdOf } from '../../http/cookie-names.ts';
import { ApiError } from '../../errors.ts';
import { groupFor, ok, setSessionCookie } from '../support.ts';

export const REDEEM_PATH = '/centerAuth/sso/ticket/redeem';

export const TicketMessages = {
  notRegistered: '当前站点未登记为该客户组的嵌入站点',
  unbound: '登录请求缺少页面校验信息，请刷新页面后重试',
  invalid: '登录凭证无效，请返回登录页重新登录',
  expired: '登录凭证已过期，请返回登录页重新登录',
  used: '登录凭证已使用，请返回登录页重新登录',
} as const;

const ticketServices = new WeakMap<AppContext, LoginTickets>();

/** One ticket service per app: its key comes from the SM2 private key, single use from the nonce store. */
export function loginTickets(ctx: AppContext): LoginTickets {
  let tickets = ticketServices.get(ctx);
  if (!tickets) {
    tickets = new LoginTickets(ctx.keys.privateKey, ctx.repo, ctx.now, ctx.config.loginTicketMs);
    ticketServices.set(ctx, tickets);
  }
  return tickets;
}

function ssoDomainOf(request: FastifyRequest): string | undefined {
  const from = (value: unknown) => (value && typeof value === 'object' ? (value as { ssoDomain?: unknown }).ssoDomain : undefined);
  const domain = from(request.body) ?? from(request.query);
  return typeof domain === 'string' ? domain : undefined;
}

/** The login answer of an embedded sign-in: the usual data, with redirect = the redeem URL. */
export async function issueLoginTicket(ctx: AppContext, request: FastifyRequest, user: User, redirect: string) {
  const origin = request.embedOrigin!;
  const group = await groupFor(ctx, request, ssoDomainOf(request));
  if (!isRegisteredFor(group, origin)) throw new ApiError('AU00131', TicketMessages.notRegistered, 200);
  const binding = bindingHashOf(request);
  if (!binding) throw new ApiError('AU00132', TicketMessages.unbound, 200);
  const ticket = loginTickets(ctx).issue({ userId: user.id, username: user.username, redirect, origin, binding });
  const redeem = `${ownOrigin(request)}/api${REDEEM_PATH}?ticket=${ticket}`;
  return ok({ username: user.username, redirect: redeem, ticket });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page (no script, no style: fine under the strict CSP) for a ticket that cannot be used. */
function refusalPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>登录失败</title>
<body><h1>登录失败</h1><p id="message">${escapeHtml(message)}</p><p><a href="/">返回登录页</a></p></body></html>`;
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

export function registerTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { ticket: string; proof?: string } }>(REDEEM_PATH, {
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        required: ['ticket'],
        properties: { ticket: { type: 'string', pattern: TICKET_PATTERN }, proof: { type: 'string', maxLength: 128 } },
      },
    },
    config: { fieldMessages: { ticket: TicketMessages.invalid }, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request, reply) => {
    const result = await loginTickets(ctx).redeem(request.query.ticket);
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'login ticket refused');
      return refusalPage(reply, result.reason === 'invalid' ? 400 : 410, TicketMessages[result.reason]);
    }
    const { claims } = result;
    // The navigation comes from the brand page that got the ticket, which sends at least its origin
    // (strict-origin-when-cross-origin). A Referer naming a third site means someone carried the
    // ticket elsewhere; none at all (a no-referrer page or link) is refused too: otherwise an
    // attacker could sign a victim into the attacker's account (login CSRF) through such a page.
    // Not the SSO origin either: a callBack on it could carry a stranger's ticket (session swap).
    const referer = normalizeOrigin(request.headers.referer);
    if (referer !== claims.origin) {
      request.log.info({ referer: referer ?? 'none' }, 'login ticket used from a foreign page or without a Referer');
      return refusalPage(reply, 400, TicketMessages.invalid);
    }
    // The nonce only the page that started the sign-in holds (auth/ticket-binding.ts).
    if (!proofMatches(request.query.proof, claims.binding)) {
      request.log.info('login ticket redeemed without the proof of the page that asked for it');
      return refusalPage(reply, 400, TicketMessages.invalid);
    }
    // Checked again on the way out, by the one redirect rule: never a path that reads as another host.
    const registered = (await ctx.repo.listGroups()).flatMap((group) => group.callbackOrigins);
    const target = safeRedirect(claims.redirect, ownOrigin(request), registered) ?? DEFAULT_REDIRECT;
    const user = await ctx.repo.findUserById(claims.userId);
    if (!user || user.username !== claims.username) return refusalPage(reply, 400, TicketMessages.invalid);
    const sid = await ctx.sessions.start(user, sessionIdOf(request));
    setSessionCookie(request, reply, sid);
    request.log.info({ username: user.username }, 'login ticket redeemed');
    return reply.header('Cache-Control', 'no-store').redirect(target, 303);
  });
}

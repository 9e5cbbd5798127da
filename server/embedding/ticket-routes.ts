// The redeem half of embedded sign-in (docs/embedding.md): GET /centerAuth/sso/ticket/redeem?ticket=...
// is the top-level navigation to the SSO origin that turns a one-time ticket (issue-ticket.ts) into
// a first-party session and sends the browser on with a 303.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { rememberDevice, setSessionCookie } from '../auth/index.ts';
import { DEFAULT_REDIRECT, safeRedirect } from '../../contract/rules/callback.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { normalizeOrigin, ownOrigin } from '../http/origins.ts';
import { TicketMessages } from './issue-ticket.ts';
import { proofMatches } from './ticket-binding.ts';
import { redeemTicket, type RedeemTicketQuery } from '../../contract/endpoints/embedding.ts';
import { Refusal } from '../../contract/errors.ts';
import { TicketPageTexts } from '../../contract/pages.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page (no script, no style: fine under the strict CSP) for a ticket that cannot be used. */
function refusalPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${TicketPageTexts.title}</title>
<body><h1>${TicketPageTexts.title}</h1><p id="message">${escapeHtml(message)}</p><p><a href="/">${TicketPageTexts.backToLogin}</a></p></body></html>`;
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

export function registerTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: RedeemTicketQuery }>(redeemTicket.path, {
    schema: { querystring: redeemTicket.query },
    config: { fieldMessages: { ticket: TicketMessages.invalid }, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request, reply) => {
    // The navigation comes from the brand page that got the ticket, which sends at least its origin
    // (strict-origin-when-cross-origin). A Referer naming a third site means someone carried the
    // ticket elsewhere; none at all (a no-referrer page or link) is refused too: otherwise an
    // attacker could sign a victim into the attacker's account (login CSRF) through such a page.
    // Not the SSO origin either: a callBack on it could carry a stranger's ticket (session swap).
    // And the nonce only the page that started the sign-in holds (ticket-binding.ts). Both are
    // checked before the ticket is spent.
    const referer = normalizeOrigin(request.headers.referer);
    const result = await ctx.tickets.redeem(request.query.ticket, (claims) => {
      if (referer !== claims.origin) {
        request.log.info({ referer: referer ?? 'none' }, 'login ticket used from a foreign page or without a Referer');
        return false;
      }
      if (!proofMatches(request.query.proof, claims.binding)) {
        request.log.info('login ticket redeemed without the proof of the page that asked for it');
        return false;
      }
      return true;
    });
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'login ticket refused');
      return refusalPage(reply, result.reason === 'invalid' ? 400 : 410, TicketMessages[result.reason]);
    }
    const { claims } = result;
    // Checked again on the way out, by the one redirect rule: never a path that reads as another host.
    const registered = (await ctx.stores.catalog.listGroups()).flatMap((group) => group.callbackOrigins);
    const target = safeRedirect(claims.redirect, ownOrigin(request), registered) ?? DEFAULT_REDIRECT;
    const user = await ctx.stores.users.findUserById(claims.userId);
    if (!user || user.username !== claims.username) return refusalPage(reply, 400, TicketMessages.invalid);
    // Disabled after the ticket was issued (it lives up to a minute): no session.
    if (user.disabled) return refusalPage(reply, 403, Refusal.accountDisabled[1]);
    const sid = await ctx.sessions.start(user, sessionIdOf(request), claims.method);
    await rememberDevice(ctx, request, user.id, sid);
    setSessionCookie(request, reply, sid);
    request.log.info({ username: user.username }, 'login ticket redeemed');
    return reply.header('Cache-Control', 'no-store').redirect(target, 303);
  });
}

// The ticket half of embedded sign-in (docs/embedding.md): a login that came from a registered
// brand site (request.embedOrigin) ends in a one-time ticket instead of a session the browser would
// drop as a third-party cookie; ticket-routes.ts redeems it on the SSO origin.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { User } from '../records/user.ts';
import type { SignInMethodName } from '../../contract/rules/sign-in-methods.ts';
import { groupFor } from '../catalog/index.ts';
import { refuse } from '../http/api-error.ts';
import { doLogin } from '../../contract/endpoints/auth.ts';
import { redeemTicket } from '../../contract/endpoints/embedding.ts';
import { ok } from '../http/envelope.ts';
import { isRegisteredFor } from './embed-origins.ts';
import { ownOrigin } from '../http/origins.ts';
import { bindingHashOf } from './ticket-binding.ts';

// The ticket's texts are the contract's (contract/errors.ts); kept here under their old name for ticket-routes.ts.
export { TicketMessages } from '../../contract/errors.ts';

function ssoDomainOf(request: FastifyRequest): string | undefined {
  const from = (value: unknown) => (value && typeof value === 'object' ? (value as { ssoDomain?: unknown }).ssoDomain : undefined);
  const domain = from(request.body) ?? from(request.query);
  return typeof domain === 'string' ? domain : undefined;
}

/** The login answer of an embedded sign-in: the usual data, with redirect = the redeem URL. */
export async function issueLoginTicket(ctx: AppContext, request: FastifyRequest, user: User, redirect: string, method: SignInMethodName) {
  const origin = request.embedOrigin!;
  const group = await groupFor(ctx, request, ssoDomainOf(request));
  if (!isRegisteredFor(group, origin)) throw refuse('embedOriginNotRegistered');
  const binding = bindingHashOf(request);
  if (!binding) throw refuse('loginBindingMissing');
  const ticket = ctx.tickets.issue({ userId: user.id, username: user.username, redirect, origin, binding, method });
  const redeem = `${ownOrigin(request)}/api${redeemTicket.path}?ticket=${ticket}`;
  return ok(doLogin, { username: user.username, redirect: redeem, ticket });
}

// Embedded sign-in on a brand site (docs/embedding.md): the one-time ticket a top-level navigation
// to the SSO origin redeems into a first-party session (answers 303, or a plain refusal page).
import { Type, type Static } from '@sinclair/typebox';
import { strict } from './fields.ts';

/** AES-GCM sealed, base64url (server/embedding/login-tickets.ts). */
export const TICKET_PATTERN_SOURCE = '^[A-Za-z0-9_-]{40,1024}$';

/** Answers a 303 or a plain refusal page, not the JSON envelope: no answer type, not a client call. */
export const redeemTicket = {
  method: 'GET',
  path: '/centerAuth/sso/ticket/redeem',
  query: Type.Object({
    ticket: Type.String({ pattern: TICKET_PATTERN_SOURCE }),
    /** The nonce the page that started the sign-in kept (the ticket is bound to its hash). */
    proof: Type.Optional(Type.String({ maxLength: 128 })),
  }, strict),
} as const;
export type RedeemTicketQuery = Static<typeof redeemTicket.query>;

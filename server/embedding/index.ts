// Brand-site embedding (CORS, Origin-bound XSRF, one-time login tickets): what other rooms use of it.
export { OriginAdminError, allowOrigin, revokeOrigin } from './embed-origin-admin.ts';
export { issueLoginTicket } from './issue-ticket.ts';
export { LoginTickets, deriveKey } from './login-tickets.ts';

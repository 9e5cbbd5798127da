// CAS service tickets and what hangs on them, kept through the storage layer's record store (the
// one the OpenID Connect provider uses: SQLite, PostgreSQL, or Redis for these short-lived models
// when scaled out, so any instance redeems a ticket another issued). A ticket is 256 random bits,
// lives TICKET_TTL_MS, is bound to the exact service URL it was issued for, and is redeemed once:
// the storage's atomic consume (one SQL statement / one Redis script) lets only the first
// validation through, whatever instance it reaches.
import crypto from 'node:crypto';
import type { OidcStorage } from '../oidc/index.ts';

export const TICKET_TTL_MS = 10_000;
/** How long a sign-in started at /cas/login may take on the portal's login page. */
export const LOGIN_REQUEST_TTL_MS = 30 * 60_000;
export const TICKET_MODEL = 'CasTicket';
export const LOGIN_REQUEST_MODEL = 'CasLogin';
export const SIGN_INS_MODEL = 'CasSignIns';
export const TICKET_PATTERN = /^ST-[A-Za-z0-9_-]{20,250}$/;

export interface ServiceTicket {
  service: string;
  clientId: string;
  userId: number;
  /** The portal session it was issued in (single logout finds its services through it). */
  idHash: string;
  /** Issued after credentials were presented for this very login (renew=true may ask for that). */
  fresh: boolean;
  authTime: number;
  expiresAt: number;
}

export interface LoginRequest {
  service: string;
  renew: boolean;
  since: number;
}

export interface SignIn {
  clientId: string;
  service: string;
  ticket: string;
}

export type Redeemed = { ok: true; ticket: ServiceTicket } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

// Hex: CAS clients accept only letters, digits and '-' in a ticket (mod_auth_cas 1.2 ignores one with '_').
const randomId = (prefix: string): string => `${prefix}${crypto.randomBytes(32).toString('hex')}`;

export class CasTickets {
  constructor(private readonly storage: OidcStorage, private readonly now: () => number, private readonly signInTtlMs: number) {}

  async issue(ticket: Omit<ServiceTicket, 'expiresAt'>): Promise<string> {
    const id = randomId('ST-');
    const expiresAt = this.now() + TICKET_TTL_MS;
    await this.storage.upsert(TICKET_MODEL, id, { ...ticket, expiresAt }, Date.now() + TICKET_TTL_MS, {});
    // The services this portal session signed into, for single logout. One browser signs in one
    // app at a time; each portal session has its own record.
    const signIns = await this.signInsOf(ticket.idHash);
    const next = [...signIns.filter((s) => s.service !== ticket.service).slice(-49), { clientId: ticket.clientId, service: ticket.service, ticket: id }];
    await this.storage.upsert(SIGN_INS_MODEL, ticket.idHash, { userId: ticket.userId, signIns: next }, Date.now() + this.signInTtlMs, {});
    return id;
  }

  /** The ticket, used up by this call; of callers racing for one ticket only the first gets it. */
  async redeem(id: string): Promise<Redeemed> {
    const stored = await this.storage.find(TICKET_MODEL, id);
    if (!stored) return { ok: false, reason: 'unknown' };
    if (stored.consumed || !(await this.storage.consume(TICKET_MODEL, id, Date.now()))) return { ok: false, reason: 'used' };
    // Used up: gone (a later try reads as unknown, the same INVALID_TICKET), so no record or Redis
    // list entry outlives its ticket.
    await this.storage.destroy(TICKET_MODEL, id);
    const ticket = stored as unknown as ServiceTicket;
    if (ticket.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, ticket };
  }

  async startLogin(request: LoginRequest): Promise<string> {
    const id = crypto.randomBytes(24).toString('base64url');
    await this.storage.upsert(LOGIN_REQUEST_MODEL, id, { ...request }, Date.now() + LOGIN_REQUEST_TTL_MS, {});
    return id;
  }

  async findLogin(id: string): Promise<LoginRequest | null> {
    const stored = await this.storage.find(LOGIN_REQUEST_MODEL, id);
    return stored && !stored.consumed ? (stored as unknown as LoginRequest) : null;
  }

  async finishLogin(id: string): Promise<void> {
    await this.storage.destroy(LOGIN_REQUEST_MODEL, id);
  }

  async signInsOf(idHash: string): Promise<SignIn[]> {
    const stored = await this.storage.find(SIGN_INS_MODEL, idHash);
    return stored && !stored.consumed ? (stored.signIns as SignIn[]) : [];
  }

  /** The services the portal session signed into, claimed once: only the first caller (any instance) gets them. */
  async takeSignIns(idHash: string): Promise<SignIn[]> {
    const stored = await this.storage.find(SIGN_INS_MODEL, idHash);
    if (!stored || stored.consumed || !(await this.storage.consume(SIGN_INS_MODEL, idHash, Date.now()))) return [];
    await this.storage.destroy(SIGN_INS_MODEL, idHash);
    return stored.signIns as SignIn[];
  }

  /** Every portal session with CAS sign-ins (for the sweep that finds timed-out sessions). */
  async sessionsWithSignIns(): Promise<string[]> {
    return (await this.storage.list(SIGN_INS_MODEL)).map((r) => r.id);
  }
}

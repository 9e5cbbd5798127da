// What the SAML identity provider keeps, through the storage layer's record store (SQLite,
// PostgreSQL, or Redis for these short-lived models when scaled out): sign-ins waiting on the
// portal's login page, the AuthnRequest IDs already answered (a replayed request is refused, on
// any instance), and the SPs each portal session signed into with their NameID and SessionIndex
// (single logout).
import crypto from 'node:crypto';
import type { OidcStorage } from '../oidc/index.ts';

export const PENDING_MODEL = 'SamlLogin';
export const REQUEST_ID_MODEL = 'SamlRequestId';
export const SIGN_INS_MODEL = 'SamlSignIns';
export const PENDING_TTL_MS = 30 * 60_000;
/** How long an answered request ID is remembered: longer than any IssueInstant we accept. */
export const REQUEST_ID_TTL_MS = 15 * 60_000;

export interface PendingLogin {
  spId: string;
  requestId: string | null;
  acsUrl: string;
  relayState: string | null;
  nameIdFormat: string | null;
  force: boolean;
  since: number;
}

export interface SamlSignIn {
  spId: string;
  nameId: string;
  nameIdFormat: string;
  sessionIndex: string;
}

export class SamlRecords {
  constructor(private readonly storage: OidcStorage, private readonly signInTtlMs: number) {}

  async startLogin(pending: PendingLogin): Promise<string> {
    const id = crypto.randomBytes(24).toString('base64url');
    await this.storage.upsert(PENDING_MODEL, id, { ...pending }, Date.now() + PENDING_TTL_MS, {});
    return id;
  }

  async findLogin(id: string): Promise<PendingLogin | null> {
    const stored = await this.storage.find(PENDING_MODEL, id);
    return stored && !stored.consumed ? (stored as unknown as PendingLogin) : null;
  }

  async finishLogin(id: string): Promise<void> {
    await this.storage.destroy(PENDING_MODEL, id);
  }

  /** True for the first use of the SP's request ID; false for a replay (on any instance). */
  async firstUseOf(spId: string, requestId: string): Promise<boolean> {
    // Hashed: a request ID is the SP's text, of any length and character (PostgreSQL text takes no NUL).
    const key = crypto.createHash('sha256').update(`${spId}\n${requestId}`).digest('base64url');
    if (await this.storage.find(REQUEST_ID_MODEL, key)) return this.storage.consume(REQUEST_ID_MODEL, key, Date.now()).then(() => false);
    await this.storage.upsert(REQUEST_ID_MODEL, key, { at: Date.now() }, Date.now() + REQUEST_ID_TTL_MS, {});
    return this.storage.consume(REQUEST_ID_MODEL, key, Date.now());
  }

  async addSignIn(idHash: string, signIn: SamlSignIn): Promise<void> {
    const stored = await this.storage.find(SIGN_INS_MODEL, idHash);
    const list = (stored && !stored.consumed ? (stored.signIns as SamlSignIn[]) : []).filter((s) => s.spId !== signIn.spId).slice(-49);
    await this.storage.upsert(SIGN_INS_MODEL, idHash, { signIns: [...list, signIn] }, Date.now() + this.signInTtlMs, {});
  }

  async signInsOf(idHash: string): Promise<SamlSignIn[]> {
    const stored = await this.storage.find(SIGN_INS_MODEL, idHash);
    return stored && !stored.consumed ? (stored.signIns as SamlSignIn[]) : [];
  }

  /** Forgets one SP's sign-in (it asked for the logout itself, so it gets no LogoutRequest). */
  async dropSignIn(idHash: string, spId: string): Promise<void> {
    const list = await this.signInsOf(idHash);
    if (list.some((s) => s.spId === spId)) {
      await this.storage.upsert(SIGN_INS_MODEL, idHash, { signIns: list.filter((s) => s.spId !== spId) }, Date.now() + this.signInTtlMs, {});
    }
  }

  /** The session's sign-ins, claimed once: only the first caller (any instance) gets them. */
  async takeSignIns(idHash: string): Promise<SamlSignIn[]> {
    const stored = await this.storage.find(SIGN_INS_MODEL, idHash);
    if (!stored || stored.consumed || !(await this.storage.consume(SIGN_INS_MODEL, idHash, Date.now()))) return [];
    await this.storage.destroy(SIGN_INS_MODEL, idHash);
    return stored.signIns as SamlSignIn[];
  }

  async sessionsWithSignIns(): Promise<string[]> {
    return (await this.storage.list(SIGN_INS_MODEL)).map((r) => r.id);
  }
}

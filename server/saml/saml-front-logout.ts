// IdP-initiated single logout over the front channel (HTTP-Redirect and HTTP-POST), through the
// browser that signed out. When a portal session ends, the SPs it signed into that offer no SOAP
// logout service are put on a chain (saml-logout.ts); the portal session is already gone by then,
// so an SP that never answers leaves nobody signed in at the portal. The browser that ended the
// session (the sign-out call answers it a start URL, a LogoutRequest from another SP walks it at
// once) visits each SP in turn with a signed LogoutRequest; the SP's LogoutResponse comes back to
// /saml/slo, is checked (a request we sent and have not seen answered, signature when the SP
// signs, Destination, IssueInstant) and the chain goes on; at its end the browser lands on the
// signed-out page, or the SP that asked for the logout gets its LogoutResponse.
//
// The chain lives in the storage layer's record store (Redis when scaled out: any instance can
// serve any step), for CHAIN_TTL_MS, under a random id the browser holds in an HttpOnly cookie
// (path /saml/slo) from the start URL on; the start URL works once.
import crypto from 'node:crypto';
import type { OidcStorage } from '../oidc/index.ts';
import type { SamlSignIn } from './saml-sign-ins.ts';

export const CHAIN_MODEL = 'SamlLogoutChain';
export const CHAIN_BY_SESSION_MODEL = 'SamlLogoutChainOf';
export const SENT_REQUEST_MODEL = 'SamlLogoutSent';
export const CHAIN_TTL_MS = 10 * 60_000;
export const CHAIN_COOKIE = 'sso_saml_slo';

/** Where the chain ends: the LogoutResponse owed to the SP whose LogoutRequest ended the session. */
export interface ChainRequester {
  spId: string;
  requestId: string;
  binding: 'redirect' | 'post';
  relayState: string | null;
}

export interface LogoutChain {
  steps: SamlSignIn[];
  started: boolean;
  /** The LogoutRequest the browser was last sent with, waiting for its LogoutResponse. */
  current: { spId: string; requestId: string } | null;
  requester: ChainRequester | null;
  /**
   * Where the browser goes at the end when an OpenID Connect app's logout ended the session: the
   * address oidc-provider was sending it to (the app's registered post-logout URI with its state,
   * or the provider's signed-out page). Set by the server, never taken from a request.
   */
  returnTo?: string | null;
  outcomes: { spId: string; outcome: 'success' | 'error' | 'no-answer' | 'unreachable' }[];
}

const sentKey = (spId: string, requestId: string) => crypto.createHash('sha256').update(`${spId}\n${requestId}`).digest('base64url');

export class LogoutChains {
  constructor(private readonly storage: OidcStorage, private readonly now: () => number = Date.now) {}

  /** A chain for the SPs of an ended session, findable once by the session (the browser's sign-out). */
  async create(idHash: string, steps: SamlSignIn[]): Promise<string> {
    const id = crypto.randomBytes(32).toString('base64url');
    const chain: LogoutChain = { steps, started: false, current: null, requester: null, outcomes: [] };
    await this.save(id, chain);
    await this.storage.upsert(CHAIN_BY_SESSION_MODEL, idHash, { chainId: id }, this.now() + CHAIN_TTL_MS, {});
    return id;
  }

  /**
   * The chain the ended session left, claimed once (only the first caller, on any instance, gets
   * it), ending at `returnTo` when given.
   */
  async takeForSession(idHash: string, returnTo: string | null = null): Promise<string | null> {
    const stored = await this.storage.find(CHAIN_BY_SESSION_MODEL, idHash);
    if (!stored || stored.consumed || !(await this.storage.consume(CHAIN_BY_SESSION_MODEL, idHash, this.now()))) return null;
    await this.storage.destroy(CHAIN_BY_SESSION_MODEL, idHash);
    const chainId = String(stored.chainId);
    if (returnTo) {
      const chain = await this.find(chainId);
      if (chain) await this.save(chainId, { ...chain, returnTo });
    }
    return chainId;
  }

  async find(id: string | undefined | null): Promise<LogoutChain | null> {
    if (!id || !/^[\w-]{43}$/.test(id)) return null;
    const stored = await this.storage.find(CHAIN_MODEL, id);
    return stored && !stored.consumed ? (stored.chain as LogoutChain) : null;
  }

  async save(id: string, chain: LogoutChain): Promise<void> {
    await this.storage.upsert(CHAIN_MODEL, id, { chain: chain as unknown as Record<string, unknown> }, this.now() + CHAIN_TTL_MS, {});
  }

  async end(id: string): Promise<void> {
    await this.storage.destroy(CHAIN_MODEL, id);
  }

  /** Remembers a LogoutRequest sent on the chain: its LogoutResponse is the only one taken. */
  async sent(chainId: string, spId: string, requestId: string): Promise<void> {
    await this.storage.upsert(SENT_REQUEST_MODEL, sentKey(spId, requestId), { chainId }, this.now() + CHAIN_TTL_MS, {});
  }

  /** The chain waiting for a LogoutResponse to this request: null for a request we never sent (unsolicited) or one already answered. */
  async waiting(spId: string, inResponseTo: string): Promise<string | null> {
    const stored = await this.storage.find(SENT_REQUEST_MODEL, sentKey(spId, inResponseTo));
    return stored && !stored.consumed ? String(stored.chainId) : null;
  }

  /** Takes the answer to the request once: false for a replay (the same response again, on any instance). */
  async claim(spId: string, inResponseTo: string): Promise<boolean> {
    return this.storage.consume(SENT_REQUEST_MODEL, sentKey(spId, inResponseTo), this.now());
  }
}

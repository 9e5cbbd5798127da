// One-time login tickets: how a sign-in made inside a brand site's page (cross-origin, where the
// browser drops the SSO cookie as a third-party cookie) becomes a first-party session on the SSO
// origin. The embedded element gets a ticket instead of a session; the top window then navigates
// to /api/centerAuth/sso/ticket/redeem, which starts the session and redirects.
//
// A ticket is AES-256-GCM sealed (so it can be neither forged nor read: it names the user) and
// carries its own expiry; single use is enforced by the shared nonce store, so it holds across
// several server instances that share the storage and the SM2 key pair the key is derived from.
import crypto from 'node:crypto';
import type { NonceStore } from './nonce-store.ts';
import type { SignInMethodName } from '../../contract/rules/sign-in-methods.ts';

const SIGN_IN_METHODS: readonly SignInMethodName[] = ['password', 'mobile', 'wecom', 'feishu', 'totp', 'recovery_code', 'passkey'];

export const TICKET_LIFETIME_MS = 60_000;

export interface TicketClaims {
  userId: number;
  username: string;
  /** Where redeem sends the browser: a validated callBack or /home. */
  redirect: string;
  /** The brand site's origin that asked for the ticket (its Origin header, never its Referer). */
  origin: string;
  /** Hash of the nonce the brand page keeps (embedding/ticket-binding.ts); redeem wants the nonce. */
  binding: string;
  /** How the user signed in on the brand site: the session redeem starts carries it (OpenID Connect amr). */
  method: SignInMethodName;
}

export type RedeemResult =
  | { ok: true; claims: TicketClaims }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

interface SealedClaims extends TicketClaims {
  /** Expiry, epoch ms. */
  exp: number;
  /** Random id: the single-use key in the nonce store. */
  jti: string;
}

export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), purpose, 32));
}

export class LoginTickets {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly nonces: NonceStore,
    private readonly now: () => number,
    private readonly lifetimeMs = TICKET_LIFETIME_MS,
  ) {
    this.key = deriveKey(secret, 'sso login ticket v1');
  }

  issue(claims: TicketClaims): string {
    const sealed: SealedClaims = { ...claims, exp: this.now() + this.lifetimeMs, jti: crypto.randomBytes(16).toString('base64url') };
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(sealed), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /**
   * Spends the ticket, once. `accept` checks the request (the page's proof, its Referer) before
   * that: a redeem it refuses leaves the ticket to the page that holds the proof, so someone who
   * merely saw a ticket cannot spoil it for its owner.
   */
  async redeem(ticket: string, accept: (claims: TicketClaims) => boolean): Promise<RedeemResult> {
    const sealed = this.open(ticket);
    if (!sealed) return { ok: false, reason: 'invalid' };
    const now = this.now();
    if (now > sealed.exp) return { ok: false, reason: 'expired' };
    const { userId, username, redirect, origin, binding } = sealed;
    const method: SignInMethodName = SIGN_IN_METHODS.includes(sealed.method) ? sealed.method : 'password';
    const claims = { userId, username, redirect, origin, binding, method };
    if (!accept(claims)) return { ok: false, reason: 'invalid' };
    // Remembered a little past expiry: after that the expiry check alone refuses it.
    const first = await this.nonces.rememberNonce(`ticket:${sealed.jti}`, sealed.exp + 60_000, now);
    if (!first) return { ok: false, reason: 'used' };
    return { ok: true, claims };
  }

  private open(ticket: string): SealedClaims | null {
    const raw = Buffer.from(ticket, 'base64url');
    if (raw.length < 12 + 16 + 2) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
      const value = JSON.parse(text) as SealedClaims;
      if (typeof value.userId !== 'number' || typeof value.exp !== 'number' || typeof value.jti !== 'string' || typeof value.binding !== 'string') return null;
      return value;
    } catch {
      return null;
    }
  }
}

// Sessions: a random opaque id in the sso_sid cookie; the store keeps only its SHA-256, so a leaked
// table does not hand out live sessions. Idle and absolute timeouts are checked on every use.
import crypto from 'node:crypto';
import type { Session, SessionStore } from '../records/session.ts';
import type { User } from '../records/user.ts';
import type { LoginAttempt } from './storage/login-audit-store.ts';

/** How the user proved who he is: the portal's login methods. */
export type SignInMethod = LoginAttempt['method'];

export const SESSION_COOKIE = 'sso_sid';

export type SessionState =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'active'; session: Session };

export interface SessionTimeouts {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

/** The stored handle of a session id: its SHA-256, what the session store keys on (the id itself is never stored). */
export const sessionHandleOf = (sid: string): string => crypto.createHash('sha256').update(sid).digest('base64url');

export class SessionManager {
  private lastPurgeAt = 0;
  private readonly endListeners: ((idHash: string) => Promise<void>)[] = [];
  private readonly startListeners: ((idHash: string, method: SignInMethod) => Promise<void>)[] = [];
  private readonly browserSteps: ((idHash: string, returnTo: string | null) => Promise<string | null>)[] = [];

  constructor(
    private readonly store: SessionStore,
    private readonly timeouts: SessionTimeouts,
    private readonly now: () => number,
  ) {}

  /** Looks up the cookie's session. An unknown id counts as no session (signed out, or forged). */
  async resolve(sid: string | undefined): Promise<SessionState> {
    if (!sid || sid.length > 128) return { kind: 'none' };
    const idHash = sessionHandleOf(sid);
    const session = await this.store.findSession(idHash);
    if (!session) return { kind: 'none' };
    const now = this.now();
    if (now - session.lastSeenAt > this.timeouts.sessionIdleMs || now - session.createdAt > this.timeouts.sessionAbsoluteMs) {
      // The row stays until purged, so parallel calls carrying the same cookie all answer 424.
      return { kind: 'expired' };
    }
    // Writing on every call would make the session check a write; a few seconds of slack is harmless.
    if (now - session.lastSeenAt > Math.min(5000, this.timeouts.sessionIdleMs / 10)) {
      await this.store.touchSession(idHash, now);
      session.lastSeenAt = now;
    }
    return { kind: 'active', session };
  }

  /** Starts a session for `user`, ending the one the browser carried (rotation at login). */
  async start(user: User, previousSid: string | undefined, method: SignInMethod): Promise<string> {
    if (previousSid && previousSid.length <= 128) await this.ended(sessionHandleOf(previousSid));
    const now = this.now();
    // Dead rows are swept at most once a minute, not on every login.
    if (now - this.lastPurgeAt > 60_000) {
      this.lastPurgeAt = now;
      await this.store.purgeSessions(now - this.timeouts.sessionAbsoluteMs - 24 * 3600_000);
    }
    const sid = crypto.randomBytes(32).toString('base64url');
    const idHash = sessionHandleOf(sid);
    await this.store.createSession({ idHash, userId: user.id, username: user.username, createdAt: now, lastSeenAt: now });
    for (const listener of this.startListeners) await listener(idHash, method);
    return sid;
  }

  async end(sid: string | undefined): Promise<void> {
    if (sid && sid.length <= 128) await this.ended(sessionHandleOf(sid));
  }

  /** Ends the session stored as `idHash` (an administrator's 结束 on the account's session list). */
  async endByHash(idHash: string): Promise<void> {
    await this.ended(idHash);
  }

  /**
   * Announces sessions a store call already deleted (all of a user's, after a password reset or
   * change), so the listeners end what hangs on them (single logout) as for a sign-out.
   */
  async announceEnded(idHashes: readonly string[]): Promise<void> {
    for (const idHash of idHashes) for (const listener of this.endListeners) await listener(idHash);
  }

  /** Runs when a session starts, with how the user signed in: the OpenID Connect amr (server/oidc) listens. */
  onStart(listener: (idHash: string, method: SignInMethod) => Promise<void>): void {
    this.startListeners.push(listener);
  }

  /** Runs after a session is ended or replaced at login: single logout (server/oidc) listens. */
  onEnd(listener: (idHash: string) => Promise<void>): void {
    this.endListeners.push(listener);
  }

  /**
   * Registers what the browser that signed out still has to visit (SAML front-channel single
   * logout, server/saml): a URL, or null when nothing is owed.
   */
  onBrowserEnd(step: (idHash: string, returnTo: string | null) => Promise<string | null>): void {
    this.browserSteps.push(step);
  }

  /**
   * After end(sid) in a sign-out the browser itself made (the portal's sign-out call, an OpenID
   * Connect app's logout): the URL it should go on to, if any. `returnTo` is where the browser was
   * going next (a URL the server itself chose, never one from the request as such): the steps end there.
   */
  async browserStepAfterEnd(sid: string | undefined, returnTo: string | null = null): Promise<string | null> {
    if (!sid || sid.length > 128) return null;
    for (const step of this.browserSteps) {
      const url = await step(sessionHandleOf(sid), returnTo);
      if (url) return url;
    }
    return null;
  }

  private async ended(idHash: string): Promise<void> {
    await this.store.deleteSession(idHash);
    for (const listener of this.endListeners) await listener(idHash);
  }
}

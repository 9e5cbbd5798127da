// An app's refresh token use counts as activity of the portal session it was signed in from (review
// finding 10; Keycloak's refresh extends the SSO session the same way): an app in use does not get
// a back-channel logout after the portal's 30 idle minutes without a click there. Only within the
// session's timeouts: an ended or already idle session is not revived, and the absolute lifetime
// still counts from the sign-in. The refresh token names its provider session (sessionUid); the
// portal-session link (portal-session.ts) is indexed by it.
import type { SessionStore } from '../records/session.ts';
import type { ServerConfig } from '../config.ts';
import type { OidcStorage } from './oidc-record-store.ts';
import { PORTAL_LINK_MODEL } from './portal-session.ts';

/** Like the portal's own touches (auth/sessions.ts): a few seconds of slack save a write per refresh. */
const TOUCH_EVERY_MS = 5000;

export class RefreshActivity {
  private readonly lastSeen = new Map<string, number>();

  constructor(
    private readonly storage: OidcStorage,
    private readonly sessions: SessionStore,
    private readonly timeouts: Pick<ServerConfig, 'sessionIdleMs' | 'sessionAbsoluteMs'>,
    private readonly now: () => number,
  ) {}

  /** A refresh of a sign-in of provider session `uid` happened now. */
  async seen(uid: string): Promise<void> {
    const now = this.now();
    const last = this.lastSeen.get(uid);
    if (last !== undefined && now - last < Math.min(TOUCH_EVERY_MS, this.timeouts.sessionIdleMs / 10)) return;
    if (this.lastSeen.size > 10_000) this.lastSeen.clear();
    this.lastSeen.set(uid, now);
    const link = await this.storage.findByUid(PORTAL_LINK_MODEL, uid);
    if (typeof link?.idHash !== 'string') return;
    const session = await this.sessions.findSession(link.idHash);
    if (!session || now - session.lastSeenAt > this.timeouts.sessionIdleMs || now - session.createdAt > this.timeouts.sessionAbsoluteMs) return;
    await this.sessions.touchSession(link.idHash, now);
  }
}

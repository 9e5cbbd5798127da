// Signed-in sessions, keyed by the SHA-256 of the cookie's id (auth/sessions.ts). In the database
// by default (auth/storage/session-store.sql.ts); in Redis when SSO_REDIS_URL is set
// (session-store.redis.ts), so every instance sees every session. The auth slice keeps them; the
// record and its store are here because console/ (its own sessions on the same store), oidc/ and
// saml/ read them from files the context reaches.
export interface Session {
  idHash: string;
  userId: number;
  username: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionStore {
  createSession(session: Session): Promise<void>;
  findSession(idHash: string): Promise<Session | null>;
  touchSession(idHash: string, at: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Deletes every session of the user; answers the deleted ids, so their end can be announced (single logout). */
  deleteUserSessions(userId: number): Promise<string[]>;
  /** The user's live sessions, oldest first (the console's account page lists them). */
  listUserSessions(userId: number): Promise<Session[]>;
  /** Drops sessions created before `createdBefore` (past any absolute timeout). */
  purgeSessions(createdBefore: number): Promise<void>;
}

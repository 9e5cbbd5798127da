// The session check (isLogin, and every route that needs a session) read the session row on every
// request. With the embedded database one server process owns the sessions: it creates, touches
// and deletes them, and keeps a copy here. The only other writer is the admin CLI
// (reset-password ends a user's sessions from another process), so a copy is trusted for at most
// SESSION_RECHECK_MS of real time and then read again: a session ended by the CLI is refused within
// that second. Idle and absolute timeouts are still checked on every call (auth/sessions.ts),
// against the copy, whose lastSeenAt this process keeps current.
//
// Only for SQLite: PostgreSQL without Redis may serve several instances, and with Redis the
// sessions live in Redis (server/state), where sign-out on one instance must end the session on
// every other at once.
import type { Session } from '../records/session.ts';

export const SESSION_RECHECK_MS = 1000;
const MAX_SESSIONS = 10_000;

interface Entry {
  session: Session;
  readAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Counts removals. A read that began before a removal may return the row as it was before the
   * DELETE committed; putRead refuses such a row so it cannot come back as a copy.
   */
  private removals = 0;

  /** Real time, not the app's clock: staleness against another process passes in real time. */
  constructor(private readonly clock: () => number = Date.now) {}

  get(idHash: string): Session | null {
    const entry = this.entries.get(idHash);
    if (!entry) return null;
    if (this.clock() - entry.readAt > SESSION_RECHECK_MS) {
      this.entries.delete(idHash);
      return null;
    }
    return { ...entry.session };
  }

  /** Taken before reading a row, handed to putRead with what the read found. */
  readStarted(): number {
    return this.removals;
  }

  /** Keeps a row read from the database unless a removal happened since the read began. */
  putRead(session: Session, readStartedAt: number): void {
    if (readStartedAt === this.removals) this.put(session);
  }

  put(session: Session): void {
    if (this.entries.size >= MAX_SESSIONS) this.entries.clear();
    this.entries.set(session.idHash, { session: { ...session }, readAt: this.clock() });
  }

  touched(idHash: string, at: number): void {
    const entry = this.entries.get(idHash);
    if (entry) entry.session.lastSeenAt = at;
  }

  forget(idHash: string): void {
    this.removals++;
    this.entries.delete(idHash);
  }

  forgetUser(userId: number): void {
    this.removals++;
    for (const [idHash, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(idHash);
  }

  clear(): void {
    this.removals++;
    this.entries.clear();
  }
}

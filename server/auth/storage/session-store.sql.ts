// SessionStore on kysely (SQLite, PostgreSQL). On the embedded database this process owns the
// sessions and keeps short-lived copies of them (session-cache.ts); never on PostgreSQL, where
// another instance may end a session.
import type { SessionsTable } from '../../storage/schema.ts';
import type { SqlScope } from '../../storage/sql-scope.ts';
import type { SessionCache } from '../session-cache.ts';
import type { Session, SessionStore } from '../../records/session.ts';

const toSession = (row: SessionsTable): Session => ({
  idHash: row.id_hash,
  userId: Number(row.user_id),
  username: row.username,
  createdAt: Number(row.created_at),
  lastSeenAt: Number(row.last_seen_at),
});

export class SqlSessionStore implements SessionStore {
  constructor(
    private readonly scope: SqlScope,
    private readonly cache: SessionCache | null = null,
    /** The portal's sessions, or the operator console's (the same shape, never mixed). */
    private readonly table: 'sessions' | 'console_sessions' = 'sessions',
  ) {}

  /** A session written inside a transaction may still roll back: only a committed one is kept. */
  private get cachesWrites(): SessionCache | null {
    return this.scope.db.isTransaction ? null : this.cache;
  }

  async createSession(s: Session): Promise<void> {
    await this.scope.db.insertInto(this.table).values({
      id_hash: s.idHash, user_id: s.userId, username: s.username, created_at: s.createdAt, last_seen_at: s.lastSeenAt,
    }).execute();
    this.cachesWrites?.put(s);
  }

  async findSession(idHash: string): Promise<Session | null> {
    const cache = this.cachesWrites;
    const cached = cache?.get(idHash);
    if (cached) return cached;
    const readStartedAt = cache?.readStarted() ?? 0;
    const session = await this.readSession(idHash);
    if (session) cache?.putRead(session, readStartedAt);
    return session;
  }

  private async readSession(idHash: string): Promise<Session | null> {
    const row = await this.scope.db.selectFrom(this.table).selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async listUserSessions(userId: number): Promise<Session[]> {
    const rows = await this.scope.db.selectFrom(this.table).selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    return rows.map(toSession);
  }

  async touchSession(idHash: string, at: number): Promise<void> {
    await this.scope.db.updateTable(this.table).set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
    this.cachesWrites?.touched(idHash, at);
  }

  // Removals drop the copy before the DELETE (a missing copy only costs a read) and again once the
  // DELETE has committed: a read running meanwhile may have found the row still there.
  private async removeSessions(forget: (cache: SessionCache) => void, remove: () => Promise<unknown>): Promise<void> {
    const cache = this.cache;
    if (cache) forget(cache);
    await remove();
    if (cache) this.scope.afterCommit(() => forget(cache));
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.removeSessions((cache) => cache.forget(idHash),
      () => this.scope.db.deleteFrom(this.table).where('id_hash', '=', idHash).execute());
  }

  async deleteUserSessions(userId: number): Promise<string[]> {
    let ended: string[] = [];
    await this.removeSessions((cache) => cache.forgetUser(userId), async () => {
      const rows = await this.scope.db.deleteFrom(this.table).where('user_id', '=', userId).returning('id_hash').execute();
      ended = rows.map((row) => row.id_hash);
    });
    return ended;
  }

  async purgeSessions(createdBefore: number): Promise<void> {
    await this.removeSessions((cache) => cache.clear(),
      () => this.scope.db.deleteFrom(this.table).where('created_at', '<', createdBefore).execute());
  }
}

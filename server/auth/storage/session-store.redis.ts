// SessionStore in Redis: a hash per session plus a set of each user's session ids (to end them all
// at a password change). Keys expire by themselves, so nothing needs purging.
import type { RedisClient } from '../../storage/redis-client.ts';
import type { Session, SessionStore } from '../../records/session.ts';

// Changes a field only while the key exists: a session ended meanwhile must not come back as a
// half-filled hash.
const HSET_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 0`;

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    /** How long a session key outlives its creation: past the absolute timeout, with slack. */
    private readonly sessionTtlMs: number,
    /** 'session' for the portal's sessions, 'console-session' for the operator console's. */
    private readonly kind: 'session' | 'console-session' = 'session',
  ) {}

  private sessionKey = (idHash: string) => `${this.prefix}${this.kind}:${idHash}`;
  private userSessionsKey = (userId: number) => `${this.prefix}user-${this.kind}s:${userId}`;

  async createSession(s: Session): Promise<void> {
    const key = this.sessionKey(s.idHash);
    const userKey = this.userSessionsKey(s.userId);
    await this.redis.multi()
      .hset(key, { userId: s.userId, username: s.username, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt })
      .pexpire(key, this.sessionTtlMs)
      .sadd(userKey, s.idHash)
      .pexpire(userKey, this.sessionTtlMs)
      .exec();
  }

  async findSession(idHash: string): Promise<Session | null> {
    const row = await this.redis.hgetall(this.sessionKey(idHash));
    if (!row.userId || !row.username || !row.createdAt || !row.lastSeenAt) return null;
    return {
      idHash,
      userId: Number(row.userId),
      username: row.username,
      createdAt: Number(row.createdAt),
      lastSeenAt: Number(row.lastSeenAt),
    };
  }

  async touchSession(idHash: string, at: number): Promise<void> {
    await this.redis.eval(HSET_IF_EXISTS, 1, this.sessionKey(idHash), 'lastSeenAt', String(at));
  }

  async deleteSession(idHash: string): Promise<void> {
    const userId = await this.redis.hget(this.sessionKey(idHash), 'userId');
    const batch = this.redis.multi().del(this.sessionKey(idHash));
    if (userId) batch.srem(this.userSessionsKey(Number(userId)), idHash);
    await batch.exec();
  }

  async deleteUserSessions(userId: number): Promise<string[]> {
    const ids = await this.redis.smembers(this.userSessionsKey(userId));
    await this.redis.del(this.userSessionsKey(userId), ...ids.map(this.sessionKey));
    return ids;
  }

  async listUserSessions(userId: number): Promise<Session[]> {
    const ids = await this.redis.smembers(this.userSessionsKey(userId));
    const sessions = await Promise.all(ids.map((id) => this.findSession(id)));
    return sessions.filter((s): s is Session => s !== null).sort((a, b) => a.createdAt - b.createdAt);
  }

  async purgeSessions(): Promise<void> {
    // Session keys expire by themselves.
  }
}

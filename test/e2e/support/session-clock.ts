// Ages the sessions of a running server on its SQLite database (<dataDir>/sso.db), as if the user
// had left the page alone for a while: the server then really finds them expired.
import path from 'node:path';
import Database from 'better-sqlite3';

/** Moves every session's last activity back by `idleMs`; returns how many sessions were aged. */
export function ageSessions(dataDir: string, idleMs: number): number {
  const db = new Database(path.join(dataDir, 'sso.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db.prepare('update sessions set last_seen_at = last_seen_at - ?').run(idleMs);
    return changes;
  } finally {
    db.close();
  }
}

// Ages the sessions of a running server on its SQLite database (<dataDir>/sso.db), as if the user
// had left the page alone for a while: the server then really finds them expired.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';

/**
 * Moves every session's last activity back by `idleMs` and waits until the server's in-memory copies
 * of sessions (trusted for SESSION_RECHECK_MS of real time) have run out, so its next check reads the
 * aged rows, as it would after a real absence. Returns how many sessions were aged.
 */
export async function ageSessions(dataDir: string, idleMs: number): Promise<number> {
  const aged = ageSessionRows(dataDir, idleMs);
  // Kept fixed: the process trusts its copies for SESSION_RECHECK_MS of its real clock
  // (session-cache.ts), which this journey's server, started without the movable clock, cannot skip.
  await sleep(SESSION_RECHECK_MS + 250);
  return aged;
}

function ageSessionRows(dataDir: string, idleMs: number): number {
  const db = new Database(path.join(dataDir, 'sso.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db.prepare('update sessions set last_seen_at = last_seen_at - ?').run(idleMs);
    return changes;
  } finally {
    db.close();
  }
}

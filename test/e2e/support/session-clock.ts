// Ages the sessions of a running server on its SQLite database (<dataDir>/sso.db), as if the user
// had left the page alone for a while: the server then really finds them expired.
import path from 'node:path';
import Database from 'better-sqlite3';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';
import type { SpawnOptions } from '../../helpers/start-server.ts';
import type { PortalServer } from './portal-server.ts';

/**
 * The movable clock a server whose sessions a journey ages is started with (usePortalAndBrowser's
 * options): one step outlives the copies of sessions it keeps in memory (session-cache.ts trusts a
 * copy for SESSION_RECHECK_MS of its clock), so its next check reads the aged rows.
 */
export const SESSION_AGEING_CLOCK: SpawnOptions = { clockStepMs: SESSION_RECHECK_MS + 1 };

/**
 * Moves every session's last activity back by `idleMs`, then the server's clock one step (it was
 * started with SESSION_AGEING_CLOCK), so its next check reads the aged rows, as it would after a real
 * absence. Returns how many sessions were aged.
 */
export async function ageSessions(server: PortalServer, idleMs: number): Promise<number> {
  const aged = ageSessionRows(server.dataDir, idleMs);
  await server.advanceClock();
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

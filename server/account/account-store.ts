// The account page's storage: the device of each session (kept apart from the session stores, so
// the session's hot path stays as it was), and a person's own phone change.
import type { SqlScope } from '../storage/sql-scope.ts';

export interface SessionDevice {
  idHash: string;
  ip: string;
  userAgent: string;
}

interface SessionDevicesTable {
  id_hash: string;
  user_id: number;
  ip: string;
  user_agent: string;
  created_at: number;
}

declare module '../storage/schema.ts' {
  interface Database {
    session_devices: SessionDevicesTable;
  }
}

export class AccountStore {
  constructor(private readonly scope: SqlScope) {}

  /** Remembers where a session was signed in from; rows of sessions long over are swept. */
  async rememberDevice(userId: number, device: SessionDevice, now: number, keepMs: number): Promise<void> {
    const db = this.scope.db;
    await db.deleteFrom('session_devices').where('created_at', '<', now - keepMs).execute();
    await db.insertInto('session_devices')
      .values({ id_hash: device.idHash, user_id: userId, ip: device.ip, user_agent: device.userAgent.slice(0, 512), created_at: now })
      .onConflict((oc) => oc.column('id_hash').doNothing())
      .execute();
  }

  async devicesOf(userId: number): Promise<Map<string, SessionDevice>> {
    const rows = await this.scope.db.selectFrom('session_devices').selectAll().where('user_id', '=', userId).execute();
    return new Map(rows.map((r) => [r.id_hash, { idHash: r.id_hash, ip: r.ip, userAgent: r.user_agent }]));
  }

  /** The account's new phone; false when another account has it (the unique column decides, also in a race). */
  async changePhone(userId: number, phone: string): Promise<boolean> {
    try {
      const result = await this.scope.db.updateTable('users').set({ phone }).where('id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    } catch (error) {
      if (/unique|duplicate/i.test(String((error as Error).message))) return false;
      throw error;
    }
  }
}

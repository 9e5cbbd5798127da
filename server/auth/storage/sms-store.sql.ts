// SmsStore on kysely (SQLite, PostgreSQL).
import { sql } from 'kysely';
import type { SqlScope } from '../../storage/sql-scope.ts';
import type { SmsCode, SmsPurpose, SmsStore } from './sms-store.ts';

export class SqlSmsStore implements SmsStore {
  constructor(private readonly scope: SqlScope) {}

  private get db() {
    return this.scope.db;
  }

  async takeDailySend(phone: string, day: string, cap: number, now: number): Promise<boolean> {
    if (cap < 1) return false;
    // One statement: a new day starts the count at 1; the same day adds one only below the cap.
    // Parallel sends queue on the row lock, so each sees the count the one before it left.
    const row = await this.db.insertInto('sms_quota')
      .values({ phone, last_sent_at: now, day, day_count: 1 })
      .onConflict((oc) => oc.column('phone').doUpdateSet({
        last_sent_at: now,
        day,
        day_count: sql<number>`case when sms_quota.day = ${day} then sms_quota.day_count + 1 else 1 end`,
      }).where(sql<boolean>`sms_quota.day <> ${day} or sms_quota.day_count < ${cap}`))
      .returning('day_count').executeTakeFirst();
    return row !== undefined;
  }

  async saveCode(c: SmsCode): Promise<void> {
    const changes = { code_hash: c.codeHash, expires_at: c.expiresAt, attempts: c.attempts };
    await this.db.insertInto('sms_codes').values({ phone: c.phone, purpose: c.purpose, ...changes })
      .onConflict((oc) => oc.columns(['phone', 'purpose']).doUpdateSet(changes)).execute();
  }

  async getCode(phone: string, purpose: SmsPurpose): Promise<SmsCode | null> {
    const row = await this.db.selectFrom('sms_codes').selectAll()
      .where('phone', '=', phone).where('purpose', '=', purpose).executeTakeFirst();
    if (!row) return null;
    return { phone: row.phone, purpose, codeHash: row.code_hash, expiresAt: Number(row.expires_at), attempts: row.attempts };
  }

  async countCodeTry(phone: string, purpose: SmsPurpose): Promise<SmsCode | null> {
    // One statement: parallel tries queue on the row lock and each gets its own count back.
    const row = await this.db.updateTable('sms_codes').set({ attempts: sql<number>`attempts + 1` })
      .where('phone', '=', phone).where('purpose', '=', purpose)
      .returning(['code_hash', 'expires_at', 'attempts']).executeTakeFirst();
    if (!row) return null;
    return { phone, purpose, codeHash: row.code_hash, expiresAt: Number(row.expires_at), attempts: Number(row.attempts) };
  }

  async claimUntil(key: string, until: number, now: number): Promise<boolean> {
    // One statement: a free key is inserted, an expired one taken over, a held one left alone.
    const row = await this.db.insertInto('used_nonces').values({ nonce: key, expires_at: until })
      .onConflict((oc) => oc.column('nonce').doUpdateSet({ expires_at: until }).where('used_nonces.expires_at', '<=', now))
      .returning('nonce').executeTakeFirst();
    return row !== undefined;
  }

  async deleteCode(phone: string, purpose: SmsPurpose, codeHash: string): Promise<boolean> {
    // One statement: of two parallel deletes of the same row, only one reports a deleted row.
    const result = await this.db.deleteFrom('sms_codes')
      .where('phone', '=', phone).where('purpose', '=', purpose).where('code_hash', '=', codeHash).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

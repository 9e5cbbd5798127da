// The provider's records in the SQL database (SQLite by default, PostgreSQL when configured): one
// table, JSON payloads, expiry checked on read and swept once a minute.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { OidcStorage, StoredPayload, UpsertIndexes } from './oidc-storage.ts';

type Row = { payload: string; expires_at: number | null; consumed_at: number | null };

export class SqlOidcStorage implements OidcStorage {
  private lastSweepAt = 0;

  constructor(private readonly db: Kysely<Database>, private readonly now: () => number = Date.now) {}

  private live(row: Row | undefined): StoredPayload | null {
    if (!row) return null;
    const now = this.now();
    if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
    const payload = JSON.parse(row.payload) as StoredPayload;
    if (row.consumed_at !== null) payload.consumed = Math.floor(Number(row.consumed_at) / 1000);
    return payload;
  }

  private async sweep(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweepAt < 60_000) return;
    this.lastSweepAt = now;
    await this.db.deleteFrom('oidc_payloads').where('expires_at', '<', now - 60_000).execute();
  }

  async upsert(model: string, id: string, payload: StoredPayload, expiresAt: number | null, indexes: UpsertIndexes): Promise<void> {
    const row = {
      model, id, payload: JSON.stringify(payload), grant_id: indexes.grantId ?? null, user_code: indexes.userCode ?? null,
      uid: indexes.uid ?? null, expires_at: expiresAt, consumed_at: null,
    };
    await this.db.insertInto('oidc_payloads').values(row)
      .onConflict((c) => c.columns(['model', 'id']).doUpdateSet({
        payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at,
      }))
      .execute();
    await this.sweep();
  }

  async find(model: string, id: string): Promise<StoredPayload | null> {
    const row = await this.db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', model).where('id', '=', id).executeTakeFirst();
    return this.live(row);
  }

  async findByUid(model: string, uid: string): Promise<StoredPayload | null> {
    const row = await this.db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', model).where('uid', '=', uid).executeTakeFirst();
    return this.live(row);
  }

  async findByUserCode(model: string, userCode: string): Promise<StoredPayload | null> {
    const row = await this.db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', model).where('user_code', '=', userCode).executeTakeFirst();
    return this.live(row);
  }

  async consume(model: string, id: string, at: number): Promise<boolean> {
    const result = await this.db.updateTable('oidc_payloads').set({ consumed_at: at })
      .where('model', '=', model).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  async insertIfAbsent(model: string, id: string, payload: StoredPayload): Promise<StoredPayload> {
    await this.db.insertInto('oidc_payloads')
      .values({ model, id, payload: JSON.stringify(payload), grant_id: null, user_code: null, uid: null, expires_at: null, consumed_at: null })
      .onConflict((c) => c.columns(['model', 'id']).doNothing())
      .execute();
    return (await this.find(model, id)) ?? payload;
  }

  async list(model: string): Promise<{ id: string; payload: StoredPayload }[]> {
    const rows = await this.db.selectFrom('oidc_payloads').select(['id', 'payload', 'expires_at', 'consumed_at'])
      .where('model', '=', model).execute();
    return rows.flatMap((row) => {
      const payload = this.live(row);
      return payload ? [{ id: row.id, payload }] : [];
    });
  }

  /** The database belongs to the storage layer, which closes it. */
  async close(): Promise<void> {}
}

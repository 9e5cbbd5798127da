// The provider's records in the SQL database (SQLite by default, PostgreSQL when configured): one
// table, JSON payloads, expiry checked on read and swept once a minute. Plain statements
// (storage/sql-statements.ts) rather than the query builder: every token request reads and writes
// several records, and kysely's per-query work cost more than SQLite itself.
import type { SqlStatements } from '../storage/sql-statements.ts';
import type { OidcStorage, StoredPayload, UpsertIndexes } from './oidc-record-store.ts';

type Row = { id?: string; payload: string; expires_at: number | null; consumed_at: number | null };

const COLUMNS = 'payload, expires_at, consumed_at';
const SQL = {
  upsert: `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
    values (?, ?, ?, ?, ?, ?, ?, null) on conflict (model, id) do update set payload = excluded.payload,
    grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  find: `select ${COLUMNS} from oidc_payloads where model = ? and id = ?`,
  findByUid: `select ${COLUMNS} from oidc_payloads where model = ? and uid = ?`,
  findByUserCode: `select ${COLUMNS} from oidc_payloads where model = ? and user_code = ?`,
  consume: 'update oidc_payloads set consumed_at = ? where model = ? and id = ? and consumed_at is null',
  destroy: 'delete from oidc_payloads where model = ? and id = ?',
  revoke: 'delete from oidc_payloads where grant_id = ?',
  insertIfAbsent: `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
    values (?, ?, ?, null, null, null, null, null) on conflict (model, id) do nothing`,
  list: `select id, ${COLUMNS} from oidc_payloads where model = ?`,
  sweep: 'delete from oidc_payloads where expires_at < ?',
};

export class SqlOidcStorage implements OidcStorage {
  private lastSweepAt = 0;

  constructor(private readonly sql: SqlStatements, private readonly now: () => number = Date.now) {}

  private live(row: Row | undefined): StoredPayload | null {
    if (!row) return null;
    if (row.expires_at !== null && Number(row.expires_at) <= this.now()) return null;
    const payload = JSON.parse(row.payload) as StoredPayload;
    if (row.consumed_at !== null) payload.consumed = Math.floor(Number(row.consumed_at) / 1000);
    return payload;
  }

  async upsert(model: string, id: string, payload: StoredPayload, expiresAt: number | null, indexes: UpsertIndexes): Promise<void> {
    await this.sql.run(SQL.upsert, model, id, JSON.stringify(payload), indexes.grantId ?? null, indexes.userCode ?? null, indexes.uid ?? null, expiresAt);
    const now = this.now();
    if (now - this.lastSweepAt > 60_000) {
      this.lastSweepAt = now;
      await this.sql.run(SQL.sweep, now - 60_000);
    }
  }

  async find(model: string, id: string) { return this.live(await this.sql.get<Row>(SQL.find, model, id)); }
  async findByUid(model: string, uid: string) { return this.live(await this.sql.get<Row>(SQL.findByUid, model, uid)); }
  async findByUserCode(model: string, code: string) { return this.live(await this.sql.get<Row>(SQL.findByUserCode, model, code)); }

  async consume(model: string, id: string, at: number): Promise<boolean> {
    return (await this.sql.run(SQL.consume, at, model, id)) === 1;
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.sql.run(SQL.destroy, model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.run(SQL.revoke, grantId);
  }

  async insertIfAbsent(model: string, id: string, payload: StoredPayload): Promise<StoredPayload> {
    await this.sql.run(SQL.insertIfAbsent, model, id, JSON.stringify(payload));
    return (await this.find(model, id)) ?? payload;
  }

  async list(model: string): Promise<{ id: string; payload: StoredPayload }[]> {
    return (await this.sql.all<Row>(SQL.list, model)).flatMap((row) => {
      const payload = this.live(row);
      return payload ? [{ id: row.id!, payload }] : [];
    });
  }

  /** The database belongs to the storage layer, which closes it. */
  async close(): Promise<void> {}
}

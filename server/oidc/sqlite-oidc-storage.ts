// The provider's records on the embedded database, with better-sqlite3 prepared statements rather
// than the query builder: every token request reads and writes several records, and kysely's
// per-query work (compiling, a connection mutex, promises) cost more than SQLite itself. Same
// table and semantics as sql-oidc-storage.ts, which serves PostgreSQL.
import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { OidcStorage, StoredPayload, UpsertIndexes } from './oidc-storage.ts';

type Row = { id?: string; payload: string; expires_at: number | null; consumed_at: number | null };

export class SqliteOidcStorage implements OidcStorage {
  private lastSweepAt = 0;
  private readonly sql: Record<string, Statement>;

  constructor(file: SqliteFile, private readonly now: () => number = Date.now) {
    const columns = 'payload, expires_at, consumed_at';
    this.sql = {
      upsert: file.prepare(`insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
        values (?, ?, ?, ?, ?, ?, ?, null) on conflict (model, id) do update set payload = excluded.payload,
        grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`),
      find: file.prepare(`select ${columns} from oidc_payloads where model = ? and id = ?`),
      findByUid: file.prepare(`select ${columns} from oidc_payloads where model = ? and uid = ?`),
      findByUserCode: file.prepare(`select ${columns} from oidc_payloads where model = ? and user_code = ?`),
      consume: file.prepare('update oidc_payloads set consumed_at = ? where model = ? and id = ? and consumed_at is null'),
      destroy: file.prepare('delete from oidc_payloads where model = ? and id = ?'),
      revoke: file.prepare('delete from oidc_payloads where grant_id = ?'),
      insertIfAbsent: file.prepare(`insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
        values (?, ?, ?, null, null, null, null, null) on conflict (model, id) do nothing`),
      list: file.prepare(`select id, ${columns} from oidc_payloads where model = ?`),
      sweep: file.prepare('delete from oidc_payloads where expires_at < ?'),
    };
  }

  private live(row: Row | undefined): StoredPayload | null {
    if (!row) return null;
    if (row.expires_at !== null && row.expires_at <= this.now()) return null;
    const payload = JSON.parse(row.payload) as StoredPayload;
    if (row.consumed_at !== null) payload.consumed = Math.floor(row.consumed_at / 1000);
    return payload;
  }

  async upsert(model: string, id: string, payload: StoredPayload, expiresAt: number | null, indexes: UpsertIndexes): Promise<void> {
    this.sql.upsert!.run(model, id, JSON.stringify(payload), indexes.grantId ?? null, indexes.userCode ?? null, indexes.uid ?? null, expiresAt);
    const now = this.now();
    if (now - this.lastSweepAt > 60_000) {
      this.lastSweepAt = now;
      this.sql.sweep!.run(now - 60_000);
    }
  }

  async find(model: string, id: string) { return this.live(this.sql.find!.get(model, id) as Row | undefined); }
  async findByUid(model: string, uid: string) { return this.live(this.sql.findByUid!.get(model, uid) as Row | undefined); }
  async findByUserCode(model: string, code: string) { return this.live(this.sql.findByUserCode!.get(model, code) as Row | undefined); }

  async consume(model: string, id: string, at: number): Promise<boolean> {
    return this.sql.consume!.run(at, model, id).changes === 1;
  }

  async destroy(model: string, id: string): Promise<void> {
    this.sql.destroy!.run(model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    this.sql.revoke!.run(grantId);
  }

  async insertIfAbsent(model: string, id: string, payload: StoredPayload): Promise<StoredPayload> {
    this.sql.insertIfAbsent!.run(model, id, JSON.stringify(payload));
    return (await this.find(model, id)) ?? payload;
  }

  async list(model: string): Promise<{ id: string; payload: StoredPayload }[]> {
    return (this.sql.list!.all(model) as Row[]).flatMap((row) => {
      const payload = this.live(row);
      return payload ? [{ id: row.id!, payload }] : [];
    });
  }

  async close(): Promise<void> {}
}

// Plain SQL statements on the open database, for the few stores whose queries run on every protocol
// request (the OpenID Connect provider's records): one SQL text with `?` placeholders serves both
// engines. On the embedded SQLite file each text is prepared once and run synchronously, on the same
// connection as kysely; on PostgreSQL it is sent as it is (placeholders numbered) through kysely's pool,
// without the query builder's per-query compiling.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { Database } from './schema.ts';

export interface SqlStatements {
  /** The number of rows the statement changed. */
  run(sql: string, ...params: unknown[]): number | Promise<number>;
  get<Row>(sql: string, ...params: unknown[]): Row | undefined | Promise<Row | undefined>;
  all<Row>(sql: string, ...params: unknown[]): Row[] | Promise<Row[]>;
}

export function sqlStatements(db: Kysely<Database>, sqliteFile: SqliteFile | null): SqlStatements {
  return sqliteFile ? sqliteStatements(sqliteFile) : poolStatements(db);
}

function sqliteStatements(file: SqliteFile): SqlStatements {
  const prepared = new Map<string, Statement>();
  const statement = (sql: string): Statement => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = file.prepare(sql)));
    return found;
  };
  return {
    run: (sql, ...params) => statement(sql).run(...params).changes,
    get: <Row>(sql: string, ...params: unknown[]) => statement(sql).get(...params) as Row | undefined,
    all: <Row>(sql: string, ...params: unknown[]) => statement(sql).all(...params) as Row[],
  };
}

function poolStatements(db: Kysely<Database>): SqlStatements {
  const numbered = new Map<string, string>();
  const text = (sql: string): string => {
    let found = numbered.get(sql);
    if (found === undefined) {
      let n = 0;
      numbered.set(sql, (found = sql.replace(/\?/g, () => `$${++n}`)));
    }
    return found;
  };
  const query = <Row>(sql: string, params: unknown[]) => db.executeQuery<Row>(CompiledQuery.raw(text(sql), params));
  return {
    run: async (sql, ...params) => Number((await query(sql, params)).numAffectedRows ?? 0),
    get: async <Row>(sql: string, ...params: unknown[]) => (await query<Row>(sql, params)).rows[0],
    all: async <Row>(sql: string, ...params: unknown[]) => (await query<Row>(sql, params)).rows,
  };
}

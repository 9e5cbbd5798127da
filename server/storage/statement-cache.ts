// better-sqlite3 compiles a statement on every prepare(), and kysely's SqliteDialect prepares every
// query anew: on a session check that compilation was a quarter of the server's CPU. Statements
// are reusable, and kysely's driver runs one query at a time on its single connection, so one
// compiled statement per SQL text is safe to hand out again.
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts are few (queries are built from fixed shapes); the cap guards odd growth. */
const MAX_STATEMENTS = 500;

export function withStatementCache(file: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = file.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

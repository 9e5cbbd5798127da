// Where the SQL stores of every slice run: on the database itself, or inside one transaction of it.
// A store that keeps in-memory copies (sessions, the catalog) must redo its cache work once the
// transaction has ended, because reads between a write and the commit may have copied old rows.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface SqlScope {
  readonly db: Kysely<Database>;
  /** Runs `work` once the transaction has ended (at once outside a transaction). */
  afterCommit(work: () => void): void;
}

export function databaseScope(db: Kysely<Database>): SqlScope {
  return { db, afterCommit: (work) => work() };
}

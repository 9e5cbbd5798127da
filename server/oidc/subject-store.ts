// The stable opaque subject of each account (oidc_subjects): random, created on first use, never
// the username. Accounts (accounts.ts) keeps copies; this store is the database side.
import crypto from 'node:crypto';
import type { SqlScope } from '../storage/sql-scope.ts';

export interface SubjectStore {
  /** The account's subject, created when it has none (parallel callers get the same one). */
  subjectOf(userId: number): Promise<string>;
  userIdOf(subject: string): Promise<number | null>;
}

export class SqlSubjectStore implements SubjectStore {
  constructor(private readonly scope: SqlScope) {}

  async subjectOf(userId: number): Promise<string> {
    const find = () => this.scope.db.selectFrom('oidc_subjects').select('subject').where('user_id', '=', userId).executeTakeFirst();
    const row = await find();
    if (row) return row.subject;
    // Insert-if-absent, then read: of two parallel first uses, both answer the one that won.
    await this.scope.db.insertInto('oidc_subjects').values({ user_id: userId, subject: crypto.randomUUID() })
      .onConflict((c) => c.column('user_id').doNothing()).execute();
    return (await find())!.subject;
  }

  async userIdOf(subject: string): Promise<number | null> {
    const row = await this.scope.db.selectFrom('oidc_subjects').select('user_id').where('subject', '=', subject).executeTakeFirst();
    return row ? Number(row.user_id) : null;
  }
}

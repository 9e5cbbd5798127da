// The stable opaque subject of each account (oidc_subjects): random, created on first use, never
// the username. Accounts (accounts.ts) keeps copies; this store is the database side.
import crypto from 'node:crypto';
import type { SqlScope } from '../storage/sql-scope.ts';
import type { SqlStatements } from '../storage/sql-statements.ts';

/** What the provider needs of an account on every token use (accounts.ts): who, and whether enabled. */
export interface SubjectAccount {
  userId: number;
  username: string;
  phone: string | null;
  kind: string;
  disabled: boolean;
  displayName: string | null;
}

export interface SubjectStore {
  /** The account's subject, created when it has none (parallel callers get the same one). */
  subjectOf(userId: number): Promise<string>;
  userIdOf(subject: string): Promise<number | null>;
  /** The account behind `subject`, read now (one statement: no copy that could be stale); null when none. */
  accountOf(subject: string): Promise<SubjectAccount | null>;
}

type AccountRow = { id: number | string; username: string; phone: string | null; kind: string; disabled: number | string; display_name: string | null };
const ACCOUNT_OF = `select u.id, u.username, u.phone, u.kind, u.disabled, u.display_name from oidc_subjects s
  join users u on u.id = s.user_id where s.subject = ?`;

export class SqlSubjectStore implements SubjectStore {
  /**
   * `statements`: the database's plain statements (storage/sql-statements.ts), for accountOf on the
   * database itself: it runs on every refresh, userinfo and introspection call, and kysely's query
   * building cost more than SQLite's lookup. Inside a transaction (no statements) the scope's
   * query builder is used.
   */
  constructor(private readonly scope: SqlScope, private readonly statements: SqlStatements | null = null) {}

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

  async accountOf(subject: string): Promise<SubjectAccount | null> {
    const row = this.statements
      ? await this.statements.get<AccountRow>(ACCOUNT_OF, subject)
      : await this.scope.db.selectFrom('oidc_subjects').innerJoin('users', 'users.id', 'oidc_subjects.user_id')
        .select(['users.id', 'users.username', 'users.phone', 'users.kind', 'users.disabled', 'users.display_name'])
        .where('oidc_subjects.subject', '=', subject).executeTakeFirst();
    if (!row) return null;
    return { userId: Number(row.id), username: row.username, phone: row.phone, kind: row.kind === 'dealer' ? 'dealer' : 'staff', disabled: Number(row.disabled) === 1,
      displayName: row.display_name ?? null,
    };
  }
}

// LockoutStore on kysely: one INSERT ... ON CONFLICT DO UPDATE per failure (SQLite and PostgreSQL).
import { sql } from 'kysely';
import type { SqlScope } from '../../storage/sql-scope.ts';
import type { FailureCount, LockoutStore } from './lockout-store.ts';

export class SqlLockoutStore implements LockoutStore {
  constructor(private readonly scope: SqlScope) {}

  async lockedUntil(key: string): Promise<number> {
    const row = await this.scope.db.selectFrom('login_failures').select('locked_until').where('username', '=', key).executeTakeFirst();
    return row ? Number(row.locked_until) : 0;
  }

  async recordFailure(key: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount> {
    const windowOpen = sql<boolean>`login_failures.window_start > ${now - windowMs}`;
    const count = sql<number>`case when ${windowOpen} then login_failures.failure_count + 1 else 1 end`;
    const row = await this.scope.db
      .insertInto('login_failures')
      .values({ username: key, failure_count: 1, window_start: now, locked_until: max <= 1 ? now + lockMs : 0 })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({
          failure_count: count,
          window_start: sql<number>`case when ${windowOpen} then login_failures.window_start else ${now} end`,
          locked_until: sql<number>`case when ${count} >= ${max} then ${now + lockMs} else login_failures.locked_until end`,
        }),
      )
      .returning(['failure_count', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { failureCount: Number(row.failure_count), lockedUntil: Number(row.locked_until) };
  }

  async clearFailures(key: string): Promise<void> {
    await this.scope.db.deleteFrom('login_failures').where('username', '=', key).execute();
  }

  async forgetFailure(key: string, max: number): Promise<void> {
    await this.scope.db.updateTable('login_failures')
      .set({
        failure_count: sql<number>`failure_count - 1`,
        locked_until: sql<number>`case when failure_count - 1 < ${max} then 0 else locked_until end`,
      })
      .where('username', '=', key).where('failure_count', '>', 0)
      .execute();
  }
}

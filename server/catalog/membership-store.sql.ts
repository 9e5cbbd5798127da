// MembershipStore on kysely (SQLite, PostgreSQL): the group_members table, primary key
// (user_id, group_code). Insert-if-absent keeps parallel grants of the same membership harmless.
import type { SqlScope } from '../storage/sql-scope.ts';
import type { SqlStatements } from '../storage/sql-statements.ts';
import type { MembershipStore } from '../records/membership.ts';

const GROUPS_OF = 'select group_code from group_members where user_id = ? order by group_code';

export class SqlMembershipStore implements MembershipStore {
  /**
   * `statements`: the database's plain statements (storage/sql-statements.ts), for groupsOf on the
   * database itself: the group-access rule (group-access.ts) reads it on every use of an app's
   * tokens and on the group calls, and kysely's query building cost more than the lookup. Inside
   * a transaction (no statements) the scope's query builder is used.
   */
  constructor(private readonly scope: SqlScope, private readonly statements: SqlStatements | null = null) {}

  async groupsOf(userId: number): Promise<string[]> {
    const rows = this.statements
      ? await this.statements.all<{ group_code: string }>(GROUPS_OF, userId)
      : await this.scope.db.selectFrom('group_members').select('group_code').where('user_id', '=', userId).orderBy('group_code').execute();
    return rows.map((r) => r.group_code);
  }

  async isMember(userId: number, groupCode: string): Promise<boolean> {
    const row = await this.scope.db.selectFrom('group_members').select('user_id')
      .where('user_id', '=', userId).where('group_code', '=', groupCode).executeTakeFirst();
    return row !== undefined;
  }

  async grant(userId: number, groupCode: string): Promise<boolean> {
    // A membership a directory mapping gave becomes granted too: it then stays when the directory drops it.
    const result = await this.scope.db.insertInto('group_members').values({ user_id: userId, group_code: groupCode, granted: 1 })
      .onConflict((c) => c.columns(['user_id', 'group_code']).doUpdateSet({ granted: 1 }).where('group_members.granted', '=', 0)).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async revoke(userId: number, groupCode: string): Promise<boolean> {
    // Ends the administrator's grant; a membership a directory's mapping gives stays (its sync
    // decides it), so only one no directory gives is deleted.
    const deleted = await this.scope.db.deleteFrom('group_members')
      .where('user_id', '=', userId).where('group_code', '=', groupCode).where('directory_id', 'is', null).executeTakeFirst();
    const ungranted = await this.scope.db.updateTable('group_members').set({ granted: 0 })
      .where('user_id', '=', userId).where('group_code', '=', groupCode).where('granted', '=', 1).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0 || Number(ungranted.numUpdatedRows) > 0;
  }
}

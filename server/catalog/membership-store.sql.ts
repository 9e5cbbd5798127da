// MembershipStore on kysely (SQLite, PostgreSQL): the group_members table, primary key
// (user_id, group_code). Insert-if-absent keeps parallel grants of the same membership harmless.
import type { SqlScope } from '../storage/sql-scope.ts';
import type { MembershipStore } from './membership-store.ts';

export class SqlMembershipStore implements MembershipStore {
  constructor(private readonly scope: SqlScope) {}

  async groupsOf(userId: number): Promise<string[]> {
    const rows = await this.scope.db.selectFrom('group_members').select('group_code')
      .where('user_id', '=', userId).orderBy('group_code').execute();
    return rows.map((r) => r.group_code);
  }

  async isMember(userId: number, groupCode: string): Promise<boolean> {
    const row = await this.scope.db.selectFrom('group_members').select('user_id')
      .where('user_id', '=', userId).where('group_code', '=', groupCode).executeTakeFirst();
    return row !== undefined;
  }

  async grant(userId: number, groupCode: string): Promise<boolean> {
    const result = await this.scope.db.insertInto('group_members').values({ user_id: userId, group_code: groupCode })
      .onConflict((c) => c.columns(['user_id', 'group_code']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async revoke(userId: number, groupCode: string): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('group_members')
      .where('user_id', '=', userId).where('group_code', '=', groupCode).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

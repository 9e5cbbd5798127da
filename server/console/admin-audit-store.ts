// The administrator-action audit: who did what to which record, when, from where, and the record
// before and after (never a secret or password). Rows are only ever added; nothing in the console
// or the CLI edits them, and they are pruned after SSO_AUDIT_DAYS.
import type { SqlScope } from '../storage/sql-scope.ts';
import type { AdminActionRow } from '../../contract/endpoints/console.ts';

export type AdminAction = AdminActionRow;

export interface AdminAuditStore {
  record(action: AdminAction): Promise<void>;
  /** Newest first. */
  list(filter: { actor?: string; offset: number; limit: number }): Promise<{ rows: AdminAction[]; total: number }>;
  prune(before: number): Promise<void>;
}

export class SqlAdminAuditStore implements AdminAuditStore {
  constructor(private readonly scope: SqlScope) {}

  async record(action: AdminAction): Promise<void> {
    await this.scope.db.insertInto('admin_audit').values(action).execute();
  }

  async list(filter: { actor?: string; offset: number; limit: number }): Promise<{ rows: AdminAction[]; total: number }> {
    let query = this.scope.db.selectFrom('admin_audit');
    if (filter.actor) query = query.where('actor', '=', filter.actor);
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.select(['at', 'actor', 'ip', 'action', 'target', 'before', 'after'])
      .orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { rows: rows.map((r) => ({ ...r, at: Number(r.at) })), total: Number(counted.total) };
  }

  async prune(before: number): Promise<void> {
    await this.scope.db.deleteFrom('admin_audit').where('at', '<', before).execute();
  }
}

// The login audit: one row per sign-in attempt, read by `npm run admin -- audit` and the console's
// 审计 section; pruned after SSO_AUDIT_DAYS.
import type { SqlScope } from '../../storage/sql-scope.ts';
import type { SignInMethodName } from '../../../contract/rules/sign-in-methods.ts';

export interface LoginAttempt {
  username: string;
  at: number;
  ip: string;
  /** How the account signed in: the portal's methods, or the operator console's own sign-in. */
  method: SignInMethodName;
  result: string;
  clientId: string | null;
}

/** The console's sign-in query: each field narrows it; absent fields do not. */
export interface LoginAuditFilter {
  username?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
  method?: LoginAttempt['method'];
  result?: string;
  clientId?: string;
  ip?: string;
}

export interface LoginAuditStore {
  recordLogin(attempt: LoginAttempt): Promise<void>;
  listLoginAudit(limit: number): Promise<LoginAttempt[]>;
  /** Newest first, with the number of rows that match. */
  queryLoginAudit(filter: LoginAuditFilter, offset: number, limit: number): Promise<{ rows: LoginAttempt[]; total: number }>;
  prune(before: number): Promise<void>;
}

export class SqlLoginAuditStore implements LoginAuditStore {
  constructor(private readonly scope: SqlScope) {}

  async recordLogin(a: LoginAttempt): Promise<void> {
    await this.scope.db.insertInto('login_audit').values({
      username: a.username, at: a.at, ip: a.ip, method: a.method, result: a.result, client_id: a.clientId,
    }).execute();
  }

  async listLoginAudit(limit: number): Promise<LoginAttempt[]> {
    return (await this.queryLoginAudit({}, 0, limit)).rows;
  }

  async queryLoginAudit(filter: LoginAuditFilter, offset: number, limit: number): Promise<{ rows: LoginAttempt[]; total: number }> {
    let query = this.scope.db.selectFrom('login_audit');
    if (filter.username !== undefined) query = query.where('username', '=', filter.username);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<', filter.to);
    if (filter.method !== undefined) query = query.where('method', '=', filter.method);
    if (filter.result !== undefined) query = query.where('result', '=', filter.result);
    if (filter.clientId !== undefined) query = query.where('client_id', '=', filter.clientId);
    if (filter.ip !== undefined) query = query.where('ip', '=', filter.ip);
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return {
      rows: rows.map((r) => ({
        username: r.username, at: Number(r.at), ip: r.ip, method: r.method as LoginAttempt['method'],
        result: r.result, clientId: r.client_id,
      })),
      total: Number(counted.total),
    };
  }

  async prune(before: number): Promise<void> {
    await this.scope.db.deleteFrom('login_audit').where('at', '<', before).execute();
  }
}

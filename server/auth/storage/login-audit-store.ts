// The login audit: one row per sign-in attempt, read by `npm run admin -- audit`.
import type { SqlScope } from '../../storage/sql-scope.ts';

export interface LoginAttempt {
  username: string;
  at: number;
  ip: string;
  method: 'password' | 'mobile' | 'wecom' | 'feishu';
  result: string;
  clientId: string | null;
}

export interface LoginAuditStore {
  recordLogin(attempt: LoginAttempt): Promise<void>;
  listLoginAudit(limit: number): Promise<LoginAttempt[]>;
}

export class SqlLoginAuditStore implements LoginAuditStore {
  constructor(private readonly scope: SqlScope) {}

  async recordLogin(a: LoginAttempt): Promise<void> {
    await this.scope.db.insertInto('login_audit').values({
      username: a.username, at: a.at, ip: a.ip, method: a.method, result: a.result, client_id: a.clientId,
    }).execute();
  }

  async listLoginAudit(limit: number): Promise<LoginAttempt[]> {
    const rows = await this.scope.db.selectFrom('login_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      username: r.username, at: Number(r.at), ip: r.ip, method: r.method as LoginAttempt['method'],
      result: r.result, clientId: r.client_id,
    }));
  }
}

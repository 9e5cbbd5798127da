// 审计: the sign-in audit (filters, pages, CSV) and the administrator actions. Read-only: no route
// of the console changes an audit row.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminActionAudit, signInAudit, signInAuditCsv, type SignInAuditQuery } from '../../../contract/endpoints/console.ts';
import type { LoginAttempt, LoginAuditFilter } from '../../auth/index.ts';
import { ok } from '../../http/envelope.ts';
import { requireAdmin } from '../console-guard.ts';

const PAGE_SIZE = 50;
const CSV_MAX_ROWS = 50_000;

const filterOf = ({ page: _page, ...filter }: SignInAuditQuery): LoginAuditFilter => filter;

/** One CSV field: quoted, and a leading = + - @ made inert so a spreadsheet never runs it as a formula. */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const csvLine = (row: LoginAttempt): string =>
  [new Date(row.at).toISOString(), row.username, row.ip, row.method, row.result, row.clientId].map(csvField).join(',');

export function registerConsoleAuditRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get<{ Querystring: SignInAuditQuery }>(signInAudit.path, { schema: { querystring: signInAudit.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    const page = request.query.page ?? 1;
    const { rows, total } = await ctx.stores.audit.queryLoginAudit(filterOf(request.query), (page - 1) * PAGE_SIZE, PAGE_SIZE);
    return ok(signInAudit, { items: rows, total, page, pageSize: PAGE_SIZE });
  });

  api.get<{ Querystring: SignInAuditQuery }>(signInAuditCsv.path, { schema: { querystring: signInAuditCsv.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    const { rows } = await ctx.stores.audit.queryLoginAudit(filterOf(request.query), 0, CSV_MAX_ROWS);
    const body = ['"time","username","ip","method","result","client"', ...rows.map(csvLine)].join('\r\n');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="sign-ins.csv"')
      .header('cache-control', 'no-store')
      .send(`\uFEFF${body}\r\n`);
  });

  api.get<{ Querystring: { actor?: string; page?: number } }>(adminActionAudit.path, { schema: { querystring: adminActionAudit.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    const page = request.query.page ?? 1;
    const { rows, total } = await ctx.stores.adminAudit.list({ actor: request.query.actor, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    return ok(adminActionAudit, { items: rows, total, page, pageSize: PAGE_SIZE });
  });
}

// Sign-in and administrator-action audit rows are kept SSO_AUDIT_DAYS (default 180) and then
// deleted: once at start and every hour after. Deleting by age is the only change an audit row
// ever sees.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

const EVERY_MS = 3600_000;

export async function pruneAudit(ctx: AppContext): Promise<void> {
  const before = ctx.now() - ctx.config.auditRetentionMs;
  await ctx.stores.audit.prune(before);
  await ctx.stores.adminAudit.prune(before);
}

export function registerAuditRetention(app: FastifyInstance, ctx: AppContext): void {
  const prune = () => void pruneAudit(ctx).catch((error: unknown) => app.log.warn({ err: error }, 'pruning the audit failed'));
  app.addHook('onReady', async () => prune());
  const timer = setInterval(prune, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

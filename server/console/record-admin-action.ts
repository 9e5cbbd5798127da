// One row of the administrator-action audit per change the console or the CLI makes.
import type { AppContext } from '../context.ts';

/** JSON of a record for the audit, without what must never be kept there. */
export function auditSnapshot(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, (key, v) => (/secret|password|hash/i.test(key) ? undefined : v));
}

export async function recordAdminAction(
  ctx: AppContext, actor: string, ip: string, action: string, target: string, before: unknown, after: unknown,
): Promise<void> {
  await ctx.stores.adminAudit.record({
    at: ctx.now(), actor, ip, action, target, before: auditSnapshot(before), after: auditSnapshot(after),
  });
}

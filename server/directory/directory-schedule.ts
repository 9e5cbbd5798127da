// The scheduled syncs: once a minute the running server looks at every directory (so one saved or
// changed meanwhile counts without a restart) and syncs those whose syncMinutes have passed since
// their last sync (or, never synced, since they were saved). A directory's lease row (directory-store.ts takeSyncLease) lets one instance at
// a time sync it; another instance's tick skips it.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { syncDirectory } from './directory-admin.ts';

const TICK_MS = 60_000;

/** Syncs every directory that is due; answers the ids it synced. */
export async function syncDueDirectories(ctx: AppContext): Promise<string[]> {
  const synced: string[] = [];
  for (const directory of await ctx.stores.directories.list()) {
    // Never synced: syncMinutes after it was saved (立即同步 and sync-directory sync at once).
    const due = (directory.lastSync?.at ?? directory.updatedAt) + directory.config.syncMinutes * 60_000;
    if (due > ctx.now()) continue;
    try {
      await syncDirectory(ctx, directory.config.id);
      synced.push(directory.config.id);
    } catch (error) {
      // Another instance holds the lease, or the directory was removed meanwhile.
      if (!(error instanceof AdminActionError)) throw error;
    }
  }
  return synced;
}

export function registerDirectorySchedule(app: FastifyInstance, ctx: AppContext): void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void syncDueDirectories(ctx)
      .catch((error: unknown) => app.log.warn({ err: error }, 'a scheduled directory sync failed'))
      .finally(() => { running = false; });
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

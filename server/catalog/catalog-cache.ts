// Client groups and their app lists are read on every page load and API call that needs "the
// group of this host", and change only when an administrator runs the CLI or an import: they are
// kept in memory. Writes in this process drop the cache at once; writes from another process (the
// admin CLI, an import, another instance) bump the `catalog-version` meta row, and the cache reads
// that row at most once per CATALOG_RECHECK_MS, so stale groups and apps never outlive it by more
// than one read.
import type { App, ClientGroup } from '../records/catalog.ts';

export const CATALOG_VERSION_KEY = 'catalog-version';
export const CATALOG_RECHECK_MS = 1000;

export class CatalogCache {
  private groups: Promise<ClientGroup[]> | null = null;
  private readonly apps = new Map<string, Promise<App[]>>();
  private version: string | null = null;
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Drops everything: called after a write in this process (and after its transaction commits). */
  invalidate(): void {
    this.groups = null;
    this.apps.clear();
    this.checkedAt = -Infinity;
  }

  async listGroups(readVersion: () => Promise<string | null>, load: () => Promise<ClientGroup[]>): Promise<ClientGroup[]> {
    await this.recheck(readVersion);
    this.groups ??= this.remember(load(), () => { this.groups = null; });
    // Shallow copies: callers may reassign a field of a group (embed-origin-admin) before saving it.
    return (await this.groups).map((group) => ({ ...group }));
  }

  async listApps(groupCode: string, readVersion: () => Promise<string | null>, load: () => Promise<App[]>): Promise<App[]> {
    await this.recheck(readVersion);
    let apps = this.apps.get(groupCode);
    if (!apps) {
      apps = this.remember(load(), () => this.apps.delete(groupCode));
      this.apps.set(groupCode, apps);
    }
    return (await apps).map((app) => ({ ...app }));
  }

  /** A failed read is not cached: the next call reads again. */
  private remember<T>(loading: Promise<T>, forget: () => void): Promise<T> {
    loading.catch(forget);
    return loading;
  }

  private async recheck(readVersion: () => Promise<string | null>): Promise<void> {
    if (this.now() - this.checkedAt < CATALOG_RECHECK_MS) return;
    // One version read at a time; calls meanwhile wait for it rather than start their own.
    this.checking ??= (async () => {
      try {
        const version = await readVersion();
        if (version !== this.version) {
          this.invalidate();
          this.version = version;
        }
        this.checkedAt = this.now();
      } finally {
        this.checking = null;
      }
    })();
    await this.checking;
  }
}

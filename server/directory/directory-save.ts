// Saving a directory (create or update by id) on the stores alone, so the import file
// (seed/import.ts, inside its transaction) and the admin actions (directory-admin.ts) share it.
import { AdminActionError } from '../admin-action-error.ts';
import { ConsoleRefusal, DirectoryMessages } from '../../contract/errors.ts';
import type { CatalogStore } from '../records/catalog.ts';
import { checkDirectoryConfig, DIRECTORY_DEFAULTS, type DirectoryConfig } from './directory-config.ts';
import type { DirectoryStore, StoredDirectory } from './directory-store.ts';

/** A directory as given to save: the password in plain text (null keeps the stored one). */
export interface DirectoryInput extends Partial<Omit<DirectoryConfig, 'id' | 'name' | 'urls' | 'bindDn' | 'baseDn'>> {
  id: string;
  name: string;
  urls: string[];
  bindDn: string;
  baseDn: string;
  bindPassword: string | null;
}

export interface SaveOptions {
  /** null: must be new (the console's create); a number: the row as read (409 when it changed); undefined: create or update (import). */
  expectedUpdatedAt?: number | null;
}

export interface SaveScope {
  directories: DirectoryStore;
  catalog: Pick<CatalogStore, 'listGroups'>;
  production: boolean;
  now: number;
}

export async function storeDirectory(scope: SaveScope, input: DirectoryInput, options: SaveOptions = {}): Promise<{ saved: StoredDirectory; before: StoredDirectory | null }> {
  const { bindPassword, ...rest } = input;
  const config = {
    ...DIRECTORY_DEFAULTS,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    groupMappings: (rest.groupMappings ?? []).map(({ dn, group }) => ({ dn, group })),
  } as DirectoryConfig;
  checkDirectoryConfig(config, scope.production);
  const known = new Set((await scope.catalog.listGroups()).map((g) => g.code));
  const unknown = config.groupMappings.map((m) => m.group).filter((code) => !known.has(code));
  if (unknown.length) throw new AdminActionError('badInput', DirectoryMessages.unknownGroups([...new Set(unknown)]));
  const existing = await scope.directories.get(config.id);
  const now = Math.max(scope.now, (existing?.updatedAt ?? 0) + 1);
  if (!existing) {
    if (typeof options.expectedUpdatedAt === 'number') throw new AdminActionError('notFound', DirectoryMessages.notFound(config.id));
    if (!bindPassword) throw new AdminActionError('badInput', DirectoryMessages.bindPasswordRequired);
    await scope.directories.insert(config, bindPassword, now);
  } else {
    if (options.expectedUpdatedAt === null) throw new AdminActionError('exists', DirectoryMessages.exists(config.id));
    const updated = await scope.directories.update(config, bindPassword || null, now, options.expectedUpdatedAt ?? null);
    if (!updated) throw new AdminActionError('conflict', ConsoleRefusal.conflict[1]);
  }
  return { saved: (await scope.directories.get(config.id))!, before: existing };
}

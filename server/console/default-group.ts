// A first start that finds no client group creates one for the instance's own address, so a fresh
// production instance (no demo data) can sign people in at once; an administrator renames it or
// adds brands in the console (客户群). Runs under the startup lock (compose.ts): instances starting
// together create it once.
import type { ServerConfig } from '../config.ts';
import type { CatalogStore } from '../records/catalog.ts';
import { DisplayNames } from '../../contract/display-names.ts';

export const DEFAULT_GROUP_CODE = 'default';

export async function ensureDefaultGroup(catalog: CatalogStore, config: Pick<ServerConfig, 'publicUrl'>): Promise<boolean> {
  if ((await catalog.listGroups()).length > 0) return false;
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost';
  await catalog.upsertGroup({
    code: DEFAULT_GROUP_CODE, name: DisplayNames.defaultGroup, aliases: [], domains: [host], domainUrl: config.publicUrl,
    imageList: [], cycleTime: 3, weCom: null, feishu: null, callbackOrigins: [], isDefault: true, sortOrder: 0,
    staffOnly: false, theme: null,
  });
  return true;
}

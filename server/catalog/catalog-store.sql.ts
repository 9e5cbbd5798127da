// CatalogStore on kysely (SQLite, PostgreSQL), read through the process's CatalogCache. Every write
// bumps the catalog version row, so the caches of other processes (the CLI, other instances) drop
// their copies within CATALOG_RECHECK_MS.
import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppsTable, ClientGroupsTable } from '../storage/schema.ts';
import type { MetaStore } from '../storage/meta-store.ts';
import type { SqlScope } from '../storage/sql-scope.ts';
import { CATALOG_VERSION_KEY, type CatalogCache } from './catalog-cache.ts';
import type { App, CatalogStore, ClientGroup } from '../records/catalog.ts';

const json = (value: unknown): string => JSON.stringify(value);

function toGroup(row: Selectable<ClientGroupsTable>): ClientGroup {
  return {
    code: row.code,
    name: row.name,
    aliases: JSON.parse(row.aliases),
    domains: JSON.parse(row.domains),
    domainUrl: row.domain_url,
    imageList: JSON.parse(row.image_list),
    cycleTime: row.cycle_time,
    weCom: row.wecom_config ? JSON.parse(row.wecom_config) : null,
    feishu: row.feishu_config ? JSON.parse(row.feishu_config) : null,
    callbackOrigins: JSON.parse(row.callback_origins),
    isDefault: row.is_default === 1,
    sortOrder: row.sort_order,
    staffOnly: row.staff_only === 1,
    requireMfa: Number(row.require_mfa) === 1,
    theme: row.theme ? JSON.parse(row.theme) : null,
    updatedAt: Number(row.updated_at),
  };
}

function toApp(row: Selectable<AppsTable>): App {
  return {
    id: row.id,
    groupCode: row.group_code,
    name: row.name,
    logo: row.logo,
    intro: row.intro,
    autoLoginUrl: row.auto_login_url,
    oidcClientId: row.oidc_client_id,
    sortOrder: row.sort_order,
    visible: row.visible === 1,
  };
}

function groupRow(g: ClientGroup, updatedAt: number) {
  return {
    code: g.code,
    name: g.name,
    aliases: json(g.aliases),
    domains: json(g.domains),
    domain_url: g.domainUrl,
    image_list: json(g.imageList),
    cycle_time: g.cycleTime,
    wecom_config: g.weCom ? json(g.weCom) : null,
    feishu_config: g.feishu ? json(g.feishu) : null,
    callback_origins: json(g.callbackOrigins),
    is_default: g.isDefault ? 1 : 0,
    sort_order: g.sortOrder,
    staff_only: g.staffOnly ? 1 : 0,
    ...(g.requireMfa === undefined ? {} : { require_mfa: g.requireMfa ? 1 : 0 }),
    theme: g.theme ? json(g.theme) : null,
    updated_at: updatedAt,
  };
}

export class SqlCatalogStore implements CatalogStore {
  /** The meta store in the same scope (given by compose.ts, which builds every slice's stores). */
  constructor(
    private readonly scope: SqlScope,
    private readonly cache: CatalogCache,
    private readonly meta: MetaStore,
  ) {}

  private readVersion = (): Promise<string | null> => this.meta.getMeta(CATALOG_VERSION_KEY);

  /** Every group or app write marks the catalog changed, for the caches of every process. */
  private async catalogChanged(): Promise<void> {
    this.cache.invalidate();
    // Reads between the write and the commit may have cached the rows as they were before.
    this.scope.afterCommit(() => this.cache.invalidate());
    await this.meta.setMeta(CATALOG_VERSION_KEY, crypto.randomUUID());
  }

  async listGroups(): Promise<ClientGroup[]> {
    // Inside a transaction read the rows themselves: the caller may be about to change them.
    if (this.scope.db.isTransaction) return this.readGroups();
    return this.cache.listGroups(this.readVersion, () => this.readGroups());
  }

  private async readGroups(): Promise<ClientGroup[]> {
    const rows = await this.scope.db.selectFrom('client_groups').selectAll().orderBy('sort_order').orderBy('code').execute();
    return rows.map(toGroup);
  }

  async upsertGroup(g: ClientGroup): Promise<void> {
    const values = groupRow(g, Date.now());
    const { code: _code, ...changes } = values;
    await this.scope.db.insertInto('client_groups').values(values).onConflict((oc) => oc.column('code').doUpdateSet(changes)).execute();
    await this.catalogChanged();
  }

  async saveGroupIfUnchanged(g: ClientGroup, expectedUpdatedAt: number | null, now: number): Promise<boolean> {
    if (expectedUpdatedAt === null) {
      const inserted = await this.scope.db.insertInto('client_groups').values(groupRow(g, now))
        .onConflict((oc) => oc.column('code').doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    } else {
      const { code, ...changes } = groupRow(g, Math.max(now, expectedUpdatedAt + 1));
      const updated = await this.scope.db.updateTable('client_groups').set(changes)
        .where('code', '=', code).where('updated_at', '=', expectedUpdatedAt).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
    }
    await this.catalogChanged();
    return true;
  }

  async removeGroup(code: string): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('client_groups').where('code', '=', code).executeTakeFirst();
    await this.catalogChanged();
    return Number(result.numDeletedRows) === 1;
  }

  async removeApp(id: string): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('apps').where('id', '=', id).executeTakeFirst();
    await this.catalogChanged();
    return Number(result.numDeletedRows) === 1;
  }

  async listApps(groupCode: string): Promise<App[]> {
    if (this.scope.db.isTransaction) return this.readApps(groupCode);
    return this.cache.listApps(groupCode, this.readVersion, () => this.readApps(groupCode));
  }

  private async readApps(groupCode: string): Promise<App[]> {
    const rows = await this.scope.db
      .selectFrom('apps').selectAll().where('group_code', '=', groupCode).orderBy('sort_order').orderBy('id').execute();
    return rows.map(toApp);
  }

  async upsertApp(a: App): Promise<void> {
    const values = {
      id: a.id,
      group_code: a.groupCode,
      name: a.name,
      logo: a.logo,
      intro: a.intro,
      auto_login_url: a.autoLoginUrl,
      oidc_client_id: a.oidcClientId ?? null,
      sort_order: a.sortOrder,
      visible: a.visible ? 1 : 0,
    };
    const { id: _id, ...changes } = values;
    await this.scope.db.insertInto('apps').values(values).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
    await this.catalogChanged();
  }
}

// Small named values the server keeps in the database: the demo-seed marker, the catalog version
// that tells other processes to drop their caches, the health probe.
import type { SqlScope } from './sql-scope.ts';

export interface MetaStore {
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
}

export class SqlMetaStore implements MetaStore {
  constructor(private readonly scope: SqlScope) {}

  async getMeta(key: string): Promise<string | null> {
    const row = await this.scope.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row ? row.value : null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.scope.db.insertInto('meta').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
  }
}

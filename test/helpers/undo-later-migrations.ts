// Takes a database back to before migration 0007 (the operator console) and every later one, for
// the tests that rebuild an older database to check its upgrade: kysely runs migrations in name
// order only, so such a test must undo the later migrations before it undoes its own.
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../server/config.ts';
import { migrateDownTo } from '../../server/compose.ts';

export async function undoMigrationsAfterGroupTheme(db: Kysely<any>, config: Pick<ServerConfig, 'databaseUrl' | 'databaseSchema'>): Promise<void> {
  await migrateDownTo(db, config.databaseUrl ? 'postgres' : 'sqlite', '0006_group_theme', config.databaseSchema ?? undefined);
}

// The migration runner (each migration runs once, tracked by kysely's migrator), and the storage's
// own table (meta). Each slice owns the migrations of its tables (<slice>/<slice>-migrations.ts) in
// one numbering; compose.ts assembles them (joinMigrations) and hands them to openStorage. A number
// that several slices share (0001, 0003, 0007, 0009: work that touched several slices' tables at once)
// runs each slice's part in the order compose.ts lists the slices, and undoes them in reverse. The
// two engines differ only in the auto-increment and 64-bit integer column types.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Every migration by name, for one engine. */
export type Migrations = (engine: Engine) => Record<string, Migration>;

/** The 64-bit integer type of epoch-millisecond columns. */
export const timeType = (engine: Engine) => (engine === 'postgres' ? 'bigint' : 'integer');
/** The auto-increment id type (with primaryKey(), and autoIncrement() on SQLite). */
export const serialType = (engine: Engine) => (engine === 'postgres' ? 'serial' : 'integer');

/** The storage's own table: the key-value meta store (meta-store.ts). */
export function storageMigrations(): Record<string, Migration> {
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('meta')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
    },
  };
}

/**
 * One list from each slice's migrations (in the order given): a name that several slices use runs
 * their parts in that order and undoes them in reverse; it has a down only when every part has one.
 */
export function joinMigrations(...lists: Record<string, Migration>[]): Record<string, Migration> {
  const parts = new Map<string, Migration[]>();
  for (const list of lists) {
    for (const [name, migration] of Object.entries(list)) parts.set(name, [...(parts.get(name) ?? []), migration]);
  }
  const joined: Record<string, Migration> = {};
  for (const name of [...parts.keys()].sort(byCodePoint)) {
    const of = parts.get(name)!;
    if (of.length === 1) {
      joined[name] = of[0]!;
      continue;
    }
    const downs = of.map((m) => m.down);
    joined[name] = {
      async up(db) {
        for (const part of of) await part.up(db);
      },
      ...(downs.every((down) => typeof down === 'function')
        ? { async down(db: Kysely<any>) { for (const down of [...downs].reverse()) await down!(db); } }
        : {}),
    };
  }
  return joined;
}

/**
 * The order migrations run in. Our names start with a four-digit number, so code-point order is
 * the order kysely's default (localeCompare) gives; localeCompare would load ICU's collation data
 * into the process (about 3 MB resident) for this one sort at start.
 */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Runs the `down` of every migration after `target` (newest first). Tests use it to rebuild an
 * older database and check its upgrade; every migration from 0007 on has a `down` for that.
 */
export async function migrateDownTo(db: Kysely<any>, list: Record<string, Migration>, target: string, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider, nameComparator: byCodePoint, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migrating down to ${target} failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
}

/**
 * `schema` names the PostgreSQL schema explicitly: kysely's migrator looks for its own tables in
 * every schema it can see, and would otherwise mistake another schema's for this one's.
 */
export async function migrateToLatest(db: Kysely<any>, list: Record<string, Migration>, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider, nameComparator: byCodePoint, ...(schema ? { migrationTableSchema: schema } : {}) });
  let { error, results } = await migrator.migrateToLatest();
  // An error without results came from the migrator's own look at the database, before any of our
  // migrations ran: it lists the tables and columns of every schema it can see, and another schema
  // of the same database changing meanwhile (another deployment's, a test's: dropped, or a column
  // dropped) fails that listing with "schema/column … does not exist". Look again, a few times; an
  // error of one of our migrations (it has results) is never retried.
  for (let retry = 0; retry < 3 && error !== undefined && results === undefined; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * (retry + 1)));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

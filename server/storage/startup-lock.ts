// Several instances starting at once against one PostgreSQL would race on creating the schema,
// running migrations and seeding the demo data (duplicate-key crashes). A session-level advisory
// lock per schema lets one instance do that work while the others wait, then find it done.
// SQLite serves a single process, so there the work simply runs.
import type { ServerConfig } from '../config.ts';

export async function withStartupLock<T>(config: Pick<ServerConfig, 'databaseUrl' | 'databaseSchema'>, work: () => Promise<T>): Promise<T> {
  if (!config.databaseUrl) return work();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const key = `sso-startup:${config.databaseSchema ?? 'public'}`;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock even if the unlock itself fails.
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
    await client.end().catch(() => {});
  }
}

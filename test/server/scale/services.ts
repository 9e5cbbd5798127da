// The backing services of the scale-out suites: PostgreSQL (127.0.0.1:5432, database test) and
// Redis (127.0.0.1:6379), overridable with SSO_TEST_PG_URL / SSO_TEST_REDIS_URL. Each run gets a
// fresh schema and a random key prefix, removed afterwards.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { dropPostgresSchema } from '../../../server/storage/database.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';

export const PG_URL = process.env.SSO_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.SSO_TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Why the services cannot be used, or null when both answer. */
export async function servicesMissing(): Promise<string | null> {
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    missing.push(`PostgreSQL at ${PG_URL} does not answer (${(error as Error).message || (error as { code?: string }).code})`);
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause = '';
  redis.on('error', (error: Error & { code?: string }) => (cause ||= error.code ?? error.message));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    missing.push(`Redis at ${REDIS_URL} does not answer (${cause || (error as Error).message})`);
  } finally {
    redis.disconnect();
  }
  return missing.length ? missing.join('; ') : null;
}

/** Prints the reason loudly, so a skipped suite is never mistaken for a passing one. */
export function announceSkip(suite: string, reason: string): void {
  console.log(`\n### SKIPPED ${suite}: ${reason}\n### Start PostgreSQL and Redis (or set SSO_TEST_PG_URL / SSO_TEST_REDIS_URL) to run it.\n`);
}

export interface SharedBackends {
  schema: string;
  prefix: string;
  /** Environment for server/main.ts pointing at both services. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export function sharedBackends(pgUrl = PG_URL, redisUrl = REDIS_URL): SharedBackends {
  const id = crypto.randomBytes(5).toString('hex');
  const schema = `sso_scale_${id}`;
  const prefix = `sso-test-${id}:`;
  return {
    schema,
    prefix,
    env: { SSO_DATABASE_URL: pgUrl, SSO_DATABASE_SCHEMA: schema, SSO_REDIS_URL: redisUrl, SSO_REDIS_PREFIX: prefix },
    async cleanup() {
      await dropPostgresSchema(PG_URL, schema);
      await deleteRedisKeys(REDIS_URL, prefix);
    },
  };
}

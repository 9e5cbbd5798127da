// The embedding slice's table (the used nonces of signed calls), in the server's one migration
// numbering; 0001 is shared with other slices (storage/migrations.ts joinMigrations).
import type { Kysely, Migration } from 'kysely';
import { timeType, type Engine } from '../storage/migrations.ts';

export function embeddingMigrations(engine: Engine): Record<string, Migration> {
  const time = timeType(engine);
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('used_nonces')
          .addColumn('nonce', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
      },
    },
  };
}

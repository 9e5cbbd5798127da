// The table of the apps that sign in by CAS or SAML 2.0 (issue 23), in the server's
// one migration numbering (compose.ts assembles every slice's). One table for both protocols: an app id is one name in the registry,
// whatever protocol it speaks; its protocol-specific definition (CAS service patterns, a SAML SP's
// metadata) is a JSON document next to the columns every protocol shares (name, groups).
import type { Kysely, Migration } from 'kysely';

export interface ProtocolClientsTable {
  id: string;
  protocol: string;
  name: string | null;
  groups: string;
  definition: string;
  created_at: number;
  updated_at: number;
}

export interface ProtocolTables {
  protocol_clients: ProtocolClientsTable;
}

// The slice's table joins the one Database type from here: storage/ imports no slice.
declare module '../storage/schema.ts' {
  interface Database extends ProtocolTables {}
}

export function protocolMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    '0008_protocol_clients': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('protocol_clients')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('protocol', 'text', (c) => c.notNull())
          .addColumn('name', 'text')
          .addColumn('groups', 'text', (c) => c.notNull())
          .addColumn('definition', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('protocol_clients').execute();
      },
    },
  };
}

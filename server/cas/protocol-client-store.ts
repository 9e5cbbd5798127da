// The apps that sign in by CAS or SAML 2.0 (protocol_clients, migration 0008), a store of the
// storage layer like the OpenID Connect clients: the admin CLI and the console write them (through
// protocol-admin.ts and saml-admin.ts), every running server keeps them in memory and reloads them
// when their version in meta changes (catalog/app-registry.ts). updated_at is the row version the
// console's saves compare.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { SqlScope } from '../storage/sql-scope.ts';

export type Protocol = 'cas' | 'saml';

export interface CasSettings {
  /** Service URL patterns: an exact URL, or a prefix ending in "*" (service-patterns.ts). */
  services: string[];
}

export interface SamlSettings {
  /** The service provider's metadata XML, as registered. */
  metadata: string;
  /** NameID format the SP gets when its request names none: persistent (the OIDC sub) or unspecified (username). */
  nameIdFormat: 'persistent' | 'unspecified';
  /** Sign the whole Response as well as the assertion (--sign-response). */
  signResponse?: boolean;
}

export interface ProtocolClient {
  id: string;
  protocol: Protocol;
  name: string | null;
  /** Only members of these groups may use the app; empty: every signed-in account. */
  groups: string[];
  cas?: CasSettings;
  saml?: SamlSettings;
  /** Epoch ms of the last change, the row version the console's saves compare (read only; save sets it). */
  updatedAt?: number;
}

export interface ProtocolClientStore {
  list(): Promise<ProtocolClient[]>;
  find(id: string): Promise<ProtocolClient | null>;
  save(client: ProtocolClient, now: number): Promise<void>;
  /**
   * The admin actions' save: creates the app when expectedUpdatedAt is null (false when the id is
   * taken), else replaces it only while its updatedAt is still expectedUpdatedAt (false otherwise).
   */
  saveIfUnchanged(client: ProtocolClient, expectedUpdatedAt: number | null, now: number): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  version(): Promise<string | null>;
  /** A setting of these protocols (the SAML signing key): written only when absent; answers the one stored. */
  settingOrInsert(key: string, value: () => string): Promise<string>;
}

export const PROTOCOL_CLIENTS_VERSION_KEY = 'protocol_clients_version';

type Row = { id: string; protocol: string; name: string | null; groups: string; definition: string; updated_at: number | string };

function fromRow(row: Row): ProtocolClient {
  const definition = JSON.parse(row.definition) as Pick<ProtocolClient, 'cas' | 'saml'>;
  return {
    id: row.id, protocol: row.protocol as Protocol, name: row.name, groups: JSON.parse(row.groups) as string[], ...definition,
    updatedAt: Number(row.updated_at),
  };
}

const definitionOf = (client: ProtocolClient): string => JSON.stringify(client.protocol === 'cas' ? { cas: client.cas } : { saml: client.saml });
/** A row version that always moves forward, even when two changes fall in one millisecond. */
const after = (previous: number, now: number): number => (now > previous ? now : previous + 1);

export class SqlProtocolClientStore implements ProtocolClientStore {
  constructor(private readonly scope: SqlScope) {}

  private async bumpVersion(): Promise<void> {
    const value = crypto.randomUUID();
    await this.scope.db.insertInto('meta').values({ key: PROTOCOL_CLIENTS_VERSION_KEY, value })
      .onConflict((c) => c.column('key').doUpdateSet({ value })).execute();
  }

  async list(): Promise<ProtocolClient[]> {
    return (await this.scope.db.selectFrom('protocol_clients').selectAll().orderBy('id').execute()).map(fromRow);
  }

  async find(id: string): Promise<ProtocolClient | null> {
    const row = await this.scope.db.selectFrom('protocol_clients').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async save(client: ProtocolClient, now: number): Promise<void> {
    const row = { id: client.id, protocol: client.protocol, name: client.name, groups: JSON.stringify(client.groups), definition: definitionOf(client), created_at: now, updated_at: now };
    await this.scope.db.insertInto('protocol_clients').values(row).onConflict((c) => c.column('id').doUpdateSet((eb) => ({
      protocol: row.protocol, name: row.name, groups: row.groups, definition: row.definition,
      updated_at: sql<number>`case when ${eb.ref('protocol_clients.updated_at')} >= ${now} then ${eb.ref('protocol_clients.updated_at')} + 1 else ${now} end`,
    }))).execute();
    await this.bumpVersion();
  }

  async saveIfUnchanged(client: ProtocolClient, expectedUpdatedAt: number | null, now: number): Promise<boolean> {
    const row = { id: client.id, protocol: client.protocol, name: client.name, groups: JSON.stringify(client.groups), definition: definitionOf(client), created_at: now, updated_at: now };
    if (expectedUpdatedAt === null) {
      const inserted = await this.scope.db.insertInto('protocol_clients').values(row)
        .onConflict((c) => c.column('id').doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    } else {
      const updated = await this.scope.db.updateTable('protocol_clients').set({
        protocol: row.protocol, name: row.name, groups: row.groups, definition: row.definition, updated_at: after(expectedUpdatedAt, now),
      }).where('id', '=', client.id).where('updated_at', '=', expectedUpdatedAt).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
    }
    await this.bumpVersion();
    return true;
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('protocol_clients').where('id', '=', id).executeTakeFirst();
    await this.bumpVersion();
    return Number(result.numDeletedRows) > 0;
  }

  async settingOrInsert(key: string, value: () => string): Promise<string> {
    const read = async () => (await this.scope.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
    const stored = await read();
    if (stored !== undefined) return stored;
    // Of two instances starting at once, both answer the value that won.
    await this.scope.db.insertInto('meta').values({ key, value: value() }).onConflict((c) => c.column('key').doNothing()).execute();
    return (await read())!;
  }

  async version(): Promise<string | null> {
    const row = await this.scope.db.selectFrom('meta').select('value').where('key', '=', PROTOCOL_CLIENTS_VERSION_KEY).executeTakeFirst();
    return row?.value ?? null;
  }
}

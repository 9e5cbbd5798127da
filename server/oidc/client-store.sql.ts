// Clients in the oidc_clients table (SQLite or PostgreSQL). Every change also writes a new random
// version into meta: running servers compare it every two seconds and reload (catalog/app-registry.ts).
import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { SqlScope } from '../storage/sql-scope.ts';
import type { OidcClientsTable } from './oidc-tables.ts';
import type { ClientStore, RegisteredClient, StoredClient } from './client-store.ts';
import { DEFAULT_CLIENT_SCOPES } from './client-scopes.ts';

export const CLIENTS_VERSION_KEY = 'oidc_clients_version';

type Metadata = Pick<RegisteredClient, 'redirectUris' | 'postLogoutRedirectUris' | 'backchannelLogoutUri' | 'initiateLoginUri' | 'name'>
  & Partial<Pick<RegisteredClient, 'scopes'>>;

type Row = Selectable<OidcClientsTable>;

function fromRow(row: Row): StoredClient {
  const metadata = JSON.parse(row.metadata) as Metadata;
  return {
    clientId: row.client_id,
    secretHash: row.secret_hash,
    ...metadata,
    // Clients saved before scopes were per client may ask for what every client could.
    scopes: metadata.scopes ?? [...DEFAULT_CLIENT_SCOPES],
    groups: JSON.parse(row.groups) as string[],
    consent: Number(row.consent) === 1,
    disabled: Number(row.disabled) === 1,
    previousSecretHash: row.previous_secret_hash,
    previousSecretUntil: row.previous_secret_until === null ? null : Number(row.previous_secret_until),
    updatedAt: Number(row.updated_at),
  };
}

function toRow(client: RegisteredClient, now: number) {
  const metadata: Metadata = {
    redirectUris: client.redirectUris, postLogoutRedirectUris: client.postLogoutRedirectUris,
    backchannelLogoutUri: client.backchannelLogoutUri, initiateLoginUri: client.initiateLoginUri, name: client.name,
    scopes: client.scopes,
  };
  return {
    client_id: client.clientId, secret_hash: client.secretHash, metadata: JSON.stringify(metadata),
    groups: JSON.stringify(client.groups), consent: client.consent ? 1 : 0, created_at: now, updated_at: now,
  };
}

/** A change's time: later than the one it replaces even within the same millisecond. */
const after = (previous: number, now: number): number => Math.max(now, previous + 1);

export class SqlClientStore implements ClientStore {
  constructor(private readonly scope: SqlScope) {}

  private async bumpVersion(): Promise<void> {
    const value = crypto.randomUUID();
    await this.scope.db.insertInto('meta').values({ key: CLIENTS_VERSION_KEY, value })
      .onConflict((c) => c.column('key').doUpdateSet({ value })).execute();
  }

  async list(): Promise<StoredClient[]> {
    return (await this.scope.db.selectFrom('oidc_clients').selectAll().orderBy('client_id').execute()).map(fromRow);
  }

  async find(clientId: string): Promise<StoredClient | null> {
    const row = await this.scope.db.selectFrom('oidc_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async save(client: RegisteredClient, now: number): Promise<void> {
    const row = toRow(client, now);
    await this.scope.db.insertInto('oidc_clients').values(row).onConflict((c) => c.column('client_id').doUpdateSet({
      secret_hash: row.secret_hash, metadata: row.metadata, groups: row.groups, consent: row.consent, updated_at: now,
    })).execute();
    await this.bumpVersion();
  }

  async saveIfUnchanged(client: RegisteredClient, expectedUpdatedAt: number | null, now: number): Promise<boolean> {
    const row = toRow(client, now);
    if (expectedUpdatedAt === null) {
      const inserted = await this.scope.db.insertInto('oidc_clients').values(row)
        .onConflict((c) => c.column('client_id').doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    } else {
      const updated = await this.scope.db.updateTable('oidc_clients').set({
        secret_hash: row.secret_hash, metadata: row.metadata, groups: row.groups, consent: row.consent,
        updated_at: after(expectedUpdatedAt, now),
      }).where('client_id', '=', client.clientId).where('updated_at', '=', expectedUpdatedAt).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
    }
    await this.bumpVersion();
    return true;
  }

  async setDisabled(clientId: string, disabled: boolean, now: number): Promise<boolean> {
    const updated = await this.scope.db.updateTable('oidc_clients')
      .set((eb) => ({ disabled: disabled ? 1 : 0, updated_at: sql<number>`case when ${eb.ref('updated_at')} >= ${now} then ${eb.ref('updated_at')} + 1 else ${now} end` }))
      .where('client_id', '=', clientId).executeTakeFirst();
    await this.bumpVersion();
    return Number(updated.numUpdatedRows) === 1;
  }

  async rotateSecret(clientId: string, secretHash: string, previousUntil: number, now: number): Promise<boolean> {
    const updated = await this.scope.db.updateTable('oidc_clients')
      .set((eb) => ({
        previous_secret_hash: eb.ref('secret_hash'), previous_secret_until: previousUntil, secret_hash: secretHash,
        updated_at: sql<number>`case when ${eb.ref('updated_at')} >= ${now} then ${eb.ref('updated_at')} + 1 else ${now} end`,
      }))
      .where('client_id', '=', clientId).where('secret_hash', 'is not', null).executeTakeFirst();
    await this.bumpVersion();
    return Number(updated.numUpdatedRows) === 1;
  }

  async remove(clientId: string): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('oidc_clients').where('client_id', '=', clientId).executeTakeFirst();
    await this.bumpVersion();
    return Number(result.numDeletedRows) > 0;
  }

  async version(): Promise<string | null> {
    const row = await this.scope.db.selectFrom('meta').select('value').where('key', '=', CLIENTS_VERSION_KEY).executeTakeFirst();
    return row?.value ?? null;
  }
}

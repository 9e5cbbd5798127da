// Clients in the oidc_clients table (SQLite or PostgreSQL). Every change also writes a new random
// version into meta: running servers compare it every two seconds and reload (client-registry.ts).
import crypto from 'node:crypto';
import type { SqlScope } from '../storage/sql-scope.ts';
import type { OidcClientsTable } from './oidc-tables.ts';
import type { ClientStore, RegisteredClient } from './client-store.ts';

export const CLIENTS_VERSION_KEY = 'oidc_clients_version';

type Metadata = Pick<RegisteredClient, 'redirectUris' | 'postLogoutRedirectUris' | 'backchannelLogoutUri' | 'initiateLoginUri' | 'name'>;

function fromRow(row: OidcClientsTable): RegisteredClient {
  return {
    clientId: row.client_id,
    secretHash: row.secret_hash,
    ...(JSON.parse(row.metadata) as Metadata),
    groups: JSON.parse(row.groups) as string[],
    consent: Number(row.consent) === 1,
  };
}

export class SqlClientStore implements ClientStore {
  constructor(private readonly scope: SqlScope) {}

  private async bumpVersion(): Promise<void> {
    const value = crypto.randomUUID();
    await this.scope.db.insertInto('meta').values({ key: CLIENTS_VERSION_KEY, value })
      .onConflict((c) => c.column('key').doUpdateSet({ value })).execute();
  }

  async list(): Promise<RegisteredClient[]> {
    return (await this.scope.db.selectFrom('oidc_clients').selectAll().orderBy('client_id').execute()).map(fromRow);
  }

  async find(clientId: string): Promise<RegisteredClient | null> {
    const row = await this.scope.db.selectFrom('oidc_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async save(client: RegisteredClient, now: number): Promise<void> {
    const metadata: Metadata = {
      redirectUris: client.redirectUris, postLogoutRedirectUris: client.postLogoutRedirectUris,
      backchannelLogoutUri: client.backchannelLogoutUri, initiateLoginUri: client.initiateLoginUri, name: client.name,
    };
    const row = {
      client_id: client.clientId, secret_hash: client.secretHash, metadata: JSON.stringify(metadata),
      groups: JSON.stringify(client.groups), consent: client.consent ? 1 : 0, created_at: now, updated_at: now,
    };
    await this.scope.db.insertInto('oidc_clients').values(row).onConflict((c) => c.column('client_id').doUpdateSet({
      secret_hash: row.secret_hash, metadata: row.metadata, groups: row.groups, consent: row.consent, updated_at: now,
    })).execute();
    await this.bumpVersion();
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

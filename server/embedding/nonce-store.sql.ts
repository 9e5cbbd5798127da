// Used one-time values in the database (nonce-store.ts): expired ones are dropped on each write.
import type { SqlScope } from '../storage/sql-scope.ts';
import type { NonceStore } from './nonce-store.ts';

export class SqlNonceStore implements NonceStore {
  constructor(private readonly scope: SqlScope) {}

  async rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    await this.scope.db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
    const inserted = await this.scope.db.insertInto('used_nonces').values({ nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.column('nonce').doNothing()).returning('nonce').executeTakeFirst();
    return inserted !== undefined;
  }
}

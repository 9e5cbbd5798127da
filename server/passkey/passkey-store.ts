// Passkeys and WebAuthn challenges, on the database in every mode. A challenge is used up by one
// conditional DELETE (a replayed answer finds nothing), the signature counter moves forward only.
import crypto from 'node:crypto';
import type { SqlScope } from '../storage/sql-scope.ts';

export interface Passkey {
  id: string;
  userId: number;
  /** base64url COSE public key. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

interface PasskeysTable {
  id: string;
  user_id: number;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

interface WebauthnChallengesTable {
  id_hash: string;
  challenge: string;
  user_id: number | null;
  expires_at: number;
}

declare module '../storage/schema.ts' {
  interface Database {
    passkeys: PasskeysTable;
    webauthn_challenges: WebauthnChallengesTable;
  }
}

const hashOf = (value: string): string => crypto.createHash('sha256').update(value).digest('base64url');

const toPasskey = (r: PasskeysTable): Passkey => ({
  id: r.id, userId: Number(r.user_id), publicKey: r.public_key, counter: Number(r.counter), transports: JSON.parse(r.transports) as string[],
  name: r.name, createdAt: Number(r.created_at), lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
});

export class PasskeyStore {
  constructor(private readonly scope: SqlScope) {}

  async saveChallenge(handle: string, challenge: string, userId: number | null, expiresAt: number, now: number): Promise<void> {
    await this.scope.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
    await this.scope.db.insertInto('webauthn_challenges').values({ id_hash: hashOf(handle), challenge, user_id: userId, expires_at: expiresAt }).execute();
  }

  /** Uses a challenge up: its value for the one caller that took it while it was valid, else null. */
  async takeChallenge(handle: string, userId: number | null, now: number): Promise<string | null> {
    const row = await this.scope.db.deleteFrom('webauthn_challenges')
      .where('id_hash', '=', hashOf(handle)).where('expires_at', '>', now)
      .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
      .returning('challenge').executeTakeFirst();
    return row?.challenge ?? null;
  }

  async add(passkey: Passkey): Promise<boolean> {
    const row = await this.scope.db.insertInto('passkeys').values({
      id: passkey.id, user_id: passkey.userId, public_key: passkey.publicKey, counter: passkey.counter,
      transports: JSON.stringify(passkey.transports), name: passkey.name, created_at: passkey.createdAt, last_used_at: null,
    }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async find(id: string): Promise<Passkey | null> {
    const row = await this.scope.db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPasskey(row) : null;
  }

  async listOf(userId: number): Promise<Passkey[]> {
    const rows = await this.scope.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    return rows.map(toPasskey);
  }

  /** Records a use; false when the counter went backwards meanwhile (a cloned authenticator, or a race). */
  async used(id: string, counter: number, now: number): Promise<boolean> {
    const result = await this.scope.db.updateTable('passkeys').set({ counter, last_used_at: now })
      .where('id', '=', id).where((eb) => eb.or([eb('counter', '<', counter), eb('counter', '=', 0)])).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async rename(userId: number, id: string, name: string): Promise<boolean> {
    const result = await this.scope.db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(userId: number, id: string): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

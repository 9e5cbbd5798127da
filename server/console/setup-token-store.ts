// First-start setup links: a random token, printed only to the server's own output, that lets the
// first administrator be created from the browser. Only its SHA-256 is stored; it is good for 24
// hours and once: redeeming deletes it in one statement, so of parallel requests only one wins.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { SqlScope } from '../storage/sql-scope.ts';

export const SETUP_TOKEN_TTL_MS = 24 * 3600_000;

const hashOf = (token: string): string => crypto.createHash('sha256').update(token).digest('base64url');

export interface SetupTokenStore {
  /** A new token, valid for 24 hours from `now`. */
  issue(now: number): Promise<string>;
  isValid(token: string, now: number): Promise<boolean>;
  /** True for the one caller that used the token up while it was valid. */
  consume(token: string, now: number): Promise<boolean>;
  /** Every link is dead once an administrator exists. */
  clear(): Promise<void>;
  /**
   * Inside a transaction: waits until no other setup is under way (PostgreSQL: a transaction-level
   * advisory lock; SQLite runs one write transaction at a time anyway), so two links used at once
   * cannot both create an administrator, nor deadlock on each other's token rows.
   */
  lockSetup(): Promise<void>;
}

export class SqlSetupTokenStore implements SetupTokenStore {
  constructor(private readonly scope: SqlScope, private readonly engine: 'sqlite' | 'postgres') {}

  async lockSetup(): Promise<void> {
    if (this.engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('sso-first-admin-setup'))`.execute(this.scope.db);
  }

  async issue(now: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.scope.db.deleteFrom('setup_tokens').where('expires_at', '<=', now).execute();
    await this.scope.db.insertInto('setup_tokens').values({ token_hash: hashOf(token), expires_at: now + SETUP_TOKEN_TTL_MS }).execute();
    return token;
  }

  async isValid(token: string, now: number): Promise<boolean> {
    const row = await this.scope.db.selectFrom('setup_tokens').select('token_hash')
      .where('token_hash', '=', hashOf(token)).where('expires_at', '>', now).executeTakeFirst();
    return row !== undefined;
  }

  async consume(token: string, now: number): Promise<boolean> {
    const result = await this.scope.db.deleteFrom('setup_tokens')
      .where('token_hash', '=', hashOf(token)).where('expires_at', '>', now).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async clear(): Promise<void> {
    await this.scope.db.deleteFrom('setup_tokens').execute();
  }
}

// Accounts as the provider sees them: a stable opaque subject per account (random, kept in
// oidc_subjects, never the username), its claims by scope, and its group memberships (the catalog's
// MembershipStore).
import crypto from 'node:crypto';
import type { MembershipStore } from '../catalog/membership-store.ts';
import type { OidcDb } from './oidc-database.ts';

export interface AccountView {
  userId: number;
  username: string;
  phone: string | null;
  kind: string;
}

/** Which claims each scope releases (OpenID Connect Core 5.4, plus groups). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['preferred_username', 'name'],
  phone: ['phone_number', 'phone_number_verified'],
  groups: ['groups'],
} as const;

export class Accounts {
  private subjects = new Map<number, string>();
  private owners = new Map<string, number>();

  constructor(
    private readonly db: OidcDb,
    private readonly memberships: MembershipStore,
  ) {}

  private remember(userId: number, subject: string): string {
    if (this.subjects.size > 50_000) {
      this.subjects.clear();
      this.owners.clear();
    }
    this.subjects.set(userId, subject);
    this.owners.set(subject, userId);
    return subject;
  }

  /** The account's subject, created on first use (insert-if-absent: parallel callers agree). */
  async subjectOf(userId: number): Promise<string> {
    const known = this.subjects.get(userId);
    if (known) return known;
    const row = await this.db.selectFrom('oidc_subjects').select('subject').where('user_id', '=', userId).executeTakeFirst();
    if (row) return this.remember(userId, row.subject);
    await this.db.insertInto('oidc_subjects').values({ user_id: userId, subject: crypto.randomUUID() })
      .onConflict((c) => c.column('user_id').doNothing()).execute();
    return this.subjectOf(userId);
  }

  async userIdOf(subject: string): Promise<number | null> {
    const known = this.owners.get(subject);
    if (known !== undefined) return known;
    const row = await this.db.selectFrom('oidc_subjects').select('user_id').where('subject', '=', subject).executeTakeFirst();
    if (!row) return null;
    this.remember(Number(row.user_id), subject);
    return Number(row.user_id);
  }

  async find(subject: string): Promise<AccountView | null> {
    const userId = await this.userIdOf(subject);
    if (userId === null) return null;
    const row = await this.db.selectFrom('users').select(['id', 'username', 'phone', 'kind']).where('id', '=', userId).executeTakeFirst();
    return row ? { userId: Number(row.id), username: row.username, phone: row.phone, kind: row.kind } : null;
  }

  /** Read per call from the storage layer's memberships: a grant or revoke counts at once. */
  groupsOf(userId: number): Promise<string[]> {
    return this.memberships.groupsOf(userId);
  }

  /** The claims the scopes ask for; the provider filters them again by the granted scopes. */
  async claims(subject: string, account: AccountView, scope: string): Promise<{ sub: string; [claim: string]: unknown }> {
    const scopes = new Set(scope.split(' '));
    const claims: { sub: string; [claim: string]: unknown } = { sub: subject };
    if (scopes.has('profile')) Object.assign(claims, { preferred_username: account.username, name: account.username });
    // A phone on an account was proven by an SMS code (registration, SMS login) or set by an administrator.
    if (scopes.has('phone') && account.phone) Object.assign(claims, { phone_number: account.phone, phone_number_verified: true });
    if (scopes.has('groups')) claims.groups = await this.groupsOf(account.userId);
    return claims;
  }
}

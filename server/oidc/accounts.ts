// Accounts as the provider sees them: a stable opaque subject per account (random, kept in
// oidc_subjects, never the username), its claims by scope, and its group memberships (the catalog's
// MembershipStore). Everything comes from the storage layer's stores.
import { displayNameOf, type UserStore } from '../records/user.ts';
import type { MembershipStore } from '../records/membership.ts';
import type { SubjectStore } from './subject-store.ts';

export interface AccountView {
  userId: number;
  username: string;
  phone: string | null;
  kind: string;
  displayName: string | null;
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
    private readonly stores: { users: UserStore; memberships: MembershipStore; oidcSubjects: SubjectStore },
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
    return this.remember(userId, await this.stores.oidcSubjects.subjectOf(userId));
  }

  async userIdOf(subject: string): Promise<number | null> {
    const known = this.owners.get(subject);
    if (known !== undefined) return known;
    const userId = await this.stores.oidcSubjects.userIdOf(subject);
    if (userId !== null) this.remember(userId, subject);
    return userId;
  }

  /**
   * The account behind a subject, read from the database at every call (one statement joining the
   * subject to the account: refresh, userinfo and introspection ask on every use of a token).
   */
  async find(subject: string): Promise<AccountView | null> {
    const account = await this.stores.oidcSubjects.accountOf(subject);
    if (!account) return null;
    this.remember(account.userId, subject);
    // A disabled account is unknown to the provider: its refresh tokens and userinfo calls fail.
    return account.disabled ? null : { userId: account.userId, username: account.username, phone: account.phone, kind: account.kind, displayName: account.displayName };
  }

  /** Read per call from the storage layer's memberships: a grant or revoke counts at once. */
  groupsOf(userId: number): Promise<string[]> {
    return this.stores.memberships.groupsOf(userId);
  }

  /**
   * The claims the scopes ask for; the provider filters them again by the granted scopes.
   * `groupsOf`: the memberships as this request already read them (provider.ts findAccount).
   */
  async claims(
    subject: string, account: AccountView, scope: string, groupsOf: (userId: number) => Promise<string[]> = (userId) => this.groupsOf(userId),
  ): Promise<{ sub: string; [claim: string]: unknown }> {
    const scopes = new Set(scope.split(' '));
    const claims: { sub: string; [claim: string]: unknown } = { sub: subject };
    if (scopes.has('profile')) Object.assign(claims, { preferred_username: account.username, name: displayNameOf(account) });
    // A phone on an account was proven by an SMS code (registration, SMS login) or set by an administrator.
    if (scopes.has('phone') && account.phone) Object.assign(claims, { phone_number: account.phone, phone_number_verified: true });
    if (scopes.has('groups')) claims.groups = await groupsOf(account.userId);
    return claims;
  }
}

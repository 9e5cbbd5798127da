// Which client groups an account belongs to. The catalog slice owns it because memberships are the
// catalog's access rule: they decide which groups and apps the app centre lists and which group
// calls an account may make (catalog/routes.ts), and each row hangs on a client group (deleted with
// it; the SQL store is catalog/membership-store.sql.ts). The interface is here, with the records
// several slices share, because oidc/ reads it too (the `groups` claim).
// The OpenID Connect provider reads the same store for the `groups` claim and for clients
// registered with --group. Read from the database on every call (one primary-key lookup), so a
// grant or revoke from the admin CLI or another instance counts at the next request.
export interface MembershipStore {
  /** The codes of the account's groups, sorted. */
  groupsOf(userId: number): Promise<string[]>;
  isMember(userId: number, groupCode: string): Promise<boolean>;
  /** True when the administrator's grant is new (granting twice is harmless; over a directory's membership it adds the grant). */
  grant(userId: number, groupCode: string): Promise<boolean>;
  /** True when there was a grant to end; a membership a directory mapping gives stays (server/directory). */
  revoke(userId: number, groupCode: string): Promise<boolean>;
}

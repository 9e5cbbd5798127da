// Table shapes shared by the SQLite and PostgreSQL databases. Times are epoch milliseconds
// (bigint in PostgreSQL, parsed back to number); flags are 0/1 integers; lists and nested configs
// are JSON text, so both engines store exactly the same rows.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  phone: string | null;
  password_hash: string;
  password_changed_at: number;
  must_change_password: number;
  kind: string;
  created_at: number;
  /** 1: an administrator of the operator console (0007). */
  is_admin: Generated<number>;
  /** 1: disabled by an administrator, no sign-in by any method (0007). */
  disabled: Generated<number>;
  /** The directory the account came from (0013): no password stored here, it binds there. */
  directory_id: Generated<string | null>;
  /** The person's name as a directory gives it (0014; nameAttribute): the apps' `name`. */
  display_name: Generated<string | null>;
}

export interface ClientGroupsTable {
  code: string;
  name: string;
  aliases: string;
  domains: string;
  domain_url: string | null;
  image_list: string;
  cycle_time: number;
  wecom_config: string | null;
  feishu_config: string | null;
  callback_origins: string;
  is_default: number;
  sort_order: number;
  /** 1: a staff group (self-registered dealers never join it); added by 0004. */
  staff_only: number;
  /** JSON GroupTheme or null (the default look); added by 0006. */
  theme: string | null;
  /** Epoch ms of the last change (0007; 1 before it): a console save over a newer change is refused. */
  updated_at: Generated<number>;
}

export interface AppsTable {
  id: string;
  group_code: string;
  name: string;
  logo: string;
  intro: string;
  auto_login_url: string;
  /** Added by 0005_app_oidc_client (oidc/oidc-migrations.ts). */
  oidc_client_id: string | null;
  sort_order: number;
  visible: number;
}

export interface SocialIdentitiesTable {
  provider: string;
  external_id: string;
  user_id: number;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  username: string;
  created_at: number;
  last_seen_at: number;
}

export interface LoginFailuresTable {
  username: string;
  failure_count: number;
  window_start: number;
  locked_until: number;
}

export interface SmsCodesTable {
  phone: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
}

export interface SmsQuotaTable {
  phone: string;
  last_sent_at: number;
  /** JSON {purpose: epoch ms}; null on rows written before 0002. */
  day: string;
  day_count: number;
}

export interface UsedNoncesTable {
  nonce: string;
  expires_at: number;
}

export interface LoginAuditTable {
  id: Generated<number>;
  username: string;
  at: number;
  ip: string;
  method: string;
  result: string;
  client_id: string | null;
}

/** Which accounts belong to which client groups (created by 0003, see records/membership.ts). */
export interface GroupMembersTable {
  user_id: number;
  group_code: string;
  /** 1: an administrator granted it (0013; every membership before). */
  granted: Generated<number>;
  /** The directory whose group mapping gave it, or null (0013). */
  directory_id: Generated<string | null>;
}

/** The company directories (server/directory/, 0013). */
export interface DirectoriesTable {
  id: string;
  position: number;
  config: string;
  bind_password: string;
  last_sync: string | null;
  sync_lease_until: Generated<number>;
  updated_at: number;
}

/** First-start setup links (server/console/setup-token-store.ts): only the SHA-256 of each token. */
export interface SetupTokensTable {
  token_hash: string;
  expires_at: number;
}

/** Every administrator action (server/console/admin-audit-store.ts); never updated, only pruned by age. */
export interface AdminAuditTable {
  id: Generated<number>;
  at: number;
  actor: string;
  ip: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

/**
 * Every table. A slice's own tables join it from the slice (`declare module '../storage/schema.ts'`:
 * oidc/oidc-tables.ts, cas/protocol-migrations.ts, mfa/mfa-tables.ts, account/account-store.ts,
 * passkey/passkey-store.ts): storage/ imports no slice.
 */
export interface Database {
  users: UsersTable;
  client_groups: ClientGroupsTable;
  apps: AppsTable;
  social_identities: SocialIdentitiesTable;
  sessions: SessionsTable;
  /** The operator console's sessions (0007): the same shape, a cookie of their own. */
  console_sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  sms_codes: SmsCodesTable;
  sms_quota: SmsQuotaTable;
  used_nonces: UsedNoncesTable;
  login_audit: LoginAuditTable;
  group_members: GroupMembersTable;
  meta: MetaTable;
  setup_tokens: SetupTokensTable;
  admin_audit: AdminAuditTable;
  directories: DirectoriesTable;
}

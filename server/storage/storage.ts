// The storage of the whole server: each slice's stores over the database, with the short-lived
// state (sessions, lockout counters, SMS codes and quotas, used nonces) in Redis when
// SSO_REDIS_URL is set. Routes and services get one `Stores` and never learn where each part lives.
import type { ServerConfig } from '../config.ts';
import { SqlLoginAuditStore, type LoginAuditStore } from '../auth/storage/login-audit-store.ts';
import type { LockoutStore } from '../auth/storage/lockout-store.ts';
import { RedisLockoutStore } from '../auth/storage/lockout-store.redis.ts';
import { SqlLockoutStore } from '../auth/storage/lockout-store.sql.ts';
import type { SessionStore } from '../auth/storage/session-store.ts';
import { RedisSessionStore } from '../auth/storage/session-store.redis.ts';
import { SqlSessionStore } from '../auth/storage/session-store.sql.ts';
import type { SmsStore } from '../auth/storage/sms-store.ts';
import { RedisSmsStore } from '../auth/storage/sms-store.redis.ts';
import { SqlSmsStore } from '../auth/storage/sms-store.sql.ts';
import type { UserStore } from '../auth/storage/user-store.ts';
import { SqlUserStore } from '../auth/storage/user-store.sql.ts';
import { SessionCache } from '../auth/session-cache.ts';
import { CatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogStore } from '../catalog/catalog-store.ts';
import { SqlCatalogStore } from '../catalog/catalog-store.sql.ts';
import type { MembershipStore } from '../catalog/membership-store.ts';
import { SqlMembershipStore } from '../catalog/membership-store.sql.ts';
import { RedisNonceStore, SqlNonceStore, type NonceStore } from '../embedding/nonce-store.ts';
import type { ClientStore } from '../oidc/client-store.ts';
import { SqlClientStore } from '../oidc/client-store.sql.ts';
import { oidcRecordsOn } from '../oidc/oidc-records.ts';
import type { OidcStorage } from '../oidc/oidc-storage.ts';
import { SqlSubjectStore, type SubjectStore } from '../oidc/subject-store.ts';
import { SqlProtocolClientStore, type ProtocolClientStore } from '../cas/protocol-client-store.ts';
import { SqlSetupTokenStore, type SetupTokenStore } from '../console/setup-tokens.ts';
import { SqlAdminAuditStore, type AdminAuditStore } from '../console/admin-audit-store.ts';
import { CONSOLE_SESSION_ABSOLUTE_MS } from '../console/console-timeouts.ts';
import { MfaStore } from '../mfa/mfa-store.ts';
import { AccountStore } from '../account/account-store.ts';
import { PasskeyStore } from '../passkey/passkey-store.ts';
import { randomBytes } from 'node:crypto';
import { SecretBox } from '../crypto/secret-box.ts';
import { openDatabase, type OpenDatabase } from './database.ts';
import { SqlMetaStore, type MetaStore } from './meta-store.ts';
import { openRedis, type RedisClient } from './redis-client.ts';
import { databaseScope, type SqlScope } from './sql-scope.ts';

export interface Stores {
  users: UserStore;
  sessions: SessionStore;
  lockout: LockoutStore;
  sms: SmsStore;
  audit: LoginAuditStore;
  nonces: NonceStore;
  catalog: CatalogStore;
  memberships: MembershipStore;
  meta: MetaStore;
  /** The operator console's sessions, setup links and administrator-action audit. */
  consoleSessions: SessionStore;
  setupTokens: SetupTokenStore;
  adminAudit: AdminAuditStore;
  /** OpenID Connect clients (apps) and the accounts' stable subjects. */
  oidcClients: ClientStore;
  oidcSubjects: SubjectStore;
  /** The apps that sign in by CAS or SAML 2.0 (cas/protocol-client-store.ts). */
  protocolClients: ProtocolClientStore;
  /** The second factor: TOTP secrets, recovery codes, sign-ins waiting for their second step (server/mfa). */
  mfa: MfaStore;
  /** The account page's own records: each session's device, a person's phone change (server/account). */
  account: AccountStore;
  /** Passkeys and WebAuthn challenges (server/passkey). */
  passkeys: PasskeyStore;
}

/** The stores that live in Redis when it is configured. */
type ShortLivedStores = Pick<Stores, 'sessions' | 'consoleSessions' | 'lockout' | 'sms' | 'nonces'>;

export interface Storage {
  readonly stores: Stores;
  readonly engine: OpenDatabase['engine'];
  /** The shared-state Redis, or null on the embedded default. */
  readonly redis: RedisClient | null;
  /**
   * The OpenID Connect provider's records (codes, tokens, grants, sessions, signing keys when
   * scaled out): on this database, their short-lived part in Redis when it is configured.
   */
  readonly oidcRecords: OidcStorage;
  /**
   * Runs `work` in one database transaction: its database writes commit together or not at all.
   * Writes to state held in Redis (using up an SMS code, ending a user's sessions) happen at once;
   * they only ever take something away, so a rollback can cost a user a new code but never leaves
   * a half-written account.
   */
  transaction<T>(work: (tx: Stores) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** Real time for the SQLite session copies (auth/session-cache.ts); tests pass their own to age them. */
  sessionCacheClock?: () => number;
  /**
   * Seals secrets the server must read back (TOTP keys). compose.ts derives it from the deployment's
   * key pair; without it (a test or tool that opens the storage alone) a key of this process is used,
   * so what it writes cannot be read by the server.
   */
  secretBox?: SecretBox;
}

type StorageConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'redisUrl' | 'redisKeyPrefix' | 'sessionAbsoluteMs'>;

export async function openStorage(config: StorageConfig, options: StorageOptions = {}): Promise<Storage> {
  const secretBox = options.secretBox ?? new SecretBox(randomBytes(32));
  const database = await openDatabase(config);
  const { db, engine } = database;
  let redis: RedisClient | null = null;
  try {
    if (config.redisUrl) redis = await openRedis(config.redisUrl);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const catalogCache = new CatalogCache();
  // One process owns the embedded database's sessions: only there may it keep copies of them.
  const sessionCache = engine === 'sqlite' && !redis ? new SessionCache(options.sessionCacheClock) : null;
  const shortLived: ShortLivedStores | null = redis && {
    sessions: new RedisSessionStore(redis, config.redisKeyPrefix, config.sessionAbsoluteMs + 24 * 3600_000),
    consoleSessions: new RedisSessionStore(redis, config.redisKeyPrefix, CONSOLE_SESSION_ABSOLUTE_MS + 3600_000, 'console-session'),
    lockout: new RedisLockoutStore(redis, config.redisKeyPrefix),
    sms: new RedisSmsStore(redis, config.redisKeyPrefix),
    nonces: new RedisNonceStore(redis, config.redisKeyPrefix),
  };
  const storesIn = (scope: SqlScope): Stores => ({
    users: new SqlUserStore(scope),
    audit: new SqlLoginAuditStore(scope),
    catalog: new SqlCatalogStore(scope, catalogCache),
    memberships: new SqlMembershipStore(scope),
    meta: new SqlMetaStore(scope),
    setupTokens: new SqlSetupTokenStore(scope, engine),
    adminAudit: new SqlAdminAuditStore(scope),
    oidcClients: new SqlClientStore(scope),
    oidcSubjects: new SqlSubjectStore(scope),
    protocolClients: new SqlProtocolClientStore(scope),
    mfa: new MfaStore(scope, secretBox),
    account: new AccountStore(scope),
    passkeys: new PasskeyStore(scope),
    ...(shortLived ?? {
      sessions: new SqlSessionStore(scope, sessionCache),
      consoleSessions: new SqlSessionStore(scope, null, 'console_sessions'),
      lockout: new SqlLockoutStore(scope),
      sms: new SqlSmsStore(scope),
      nonces: new SqlNonceStore(scope),
    }),
  });
  return {
    stores: storesIn(databaseScope(db)),
    engine,
    redis,
    oidcRecords: oidcRecordsOn(database, redis, config.redisKeyPrefix),
    async transaction(work) {
      const afterCommit: (() => void)[] = [];
      try {
        return await db.transaction().execute((trx) => work(storesIn({ db: trx, afterCommit: (done) => afterCommit.push(done) })));
      } finally {
        // Also after a rollback: the cache work only ever drops copies.
        for (const done of afterCommit) done();
      }
    },
    async close() {
      redis?.disconnect();
      await db.destroy();
    },
  };
}

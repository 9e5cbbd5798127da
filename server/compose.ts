// The one composition root: builds every part of the server from the config. The HTTP server
// (server.ts), the admin CLI (cli.ts), the tests and the bench all get their parts here, so each
// runs on the same storage mode (SQLite, PostgreSQL, PostgreSQL + Redis) with the same services.
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Apps, RegisteredApps } from './registered-apps.ts';
import { MemoryAccountGuard, RedisAccountGuard } from './auth/index.ts';
import { Lockout } from './auth/index.ts';
import { FeishuClient } from './auth/index.ts';
import { MemoryTokenCache, type TokenCache } from './auth/index.ts';
import { WeComClient } from './auth/index.ts';
import { SessionManager } from './auth/index.ts';
import { OutboxSmsSender, SmsCodes, type SmsLog, type SmsSender } from './auth/index.ts';
import { AppLinks } from './catalog/index.ts';
import { appGroups, appSignInLinks } from './oidc/index.ts';
import { AppRegistry } from './catalog/index.ts';
import { oidcClientSource } from './oidc/index.ts';
import { protocolAppSource } from './cas/index.ts';
import { protocolAppGroups, protocolSignInLinks } from './cas/index.ts';
import { PortalAddress } from './http/portal-address.ts';
import { loadOrCreateSm2KeyPair } from './crypto/sm2-keys.ts';
import { SecretBox } from './crypto/secret-box.ts';
import { deriveKey, issueLoginTicket, LoginTickets } from './embedding/index.ts';
import { seedDemoData } from './seed/index.ts';
import { refuseDemoAccountsInProduction } from './seed/index.ts';
import { withStartupLock } from './storage/startup-lock.ts';
import { CONSOLE_SESSION_ABSOLUTE_MS, CONSOLE_SESSION_IDLE_MS } from './console/index.ts';
import { ensureDefaultGroup } from './console/index.ts';
import { AccountGrants } from './oidc/index.ts';
import { SetupState } from './console/index.ts';
import type { Migration, Kysely } from 'kysely';
import {
  closeStorageHandles, inTransaction, openStorageHandles, storesOnDatabase, type StorageConfig, type StorageHandles, type StoresIn,
} from './storage/storage.ts';
import { openDatabase as openDatabaseWith, type OpenDatabase } from './storage/database.ts';
import { joinMigrations, migrateDownTo as migrateDownToWith, storageMigrations, type Engine } from './storage/migrations.ts';
import { SqlMetaStore } from './storage/meta-store.ts';
import type { SqlScope } from './storage/sql-scope.ts';
import { authMigrations } from './auth/auth-migrations.ts';
import { authStores, consoleSessionStores } from './auth/auth-stores.ts';
import { catalogMigrations } from './catalog/catalog-migrations.ts';
import { catalogStores } from './catalog/catalog-stores.ts';
import { embeddingMigrations } from './embedding/embedding-migrations.ts';
import { embeddingStores } from './embedding/embedding-stores.ts';
import { oidcMigrations } from './oidc/oidc-migrations.ts';
import { oidcStores } from './oidc/oidc-stores.ts';
import type { OidcStorage } from './oidc/oidc-record-store.ts';
import { RedisOidcStorage } from './oidc/oidc-record-store.redis.ts';
import { SplitOidcStorage } from './oidc/oidc-record-store.split.ts';
import { SqlOidcStorage } from './oidc/oidc-record-store.sql.ts';
import { consoleMigrations } from './console/console-migrations.ts';
import { consoleStores } from './console/console-stores.ts';
import { protocolMigrations } from './cas/protocol-migrations.ts';
import { SqlProtocolClientStore } from './cas/protocol-client-store.ts';
import { mfaMigrations } from './mfa/mfa-migrations.ts';
import { MfaStore } from './mfa/mfa-store.ts';
import { accountMigrations } from './account/account-migrations.ts';
import { AccountStore } from './account/account-store.ts';
import { passkeyMigrations } from './passkey/passkey-migrations.ts';
import { PasskeyStore } from './passkey/passkey-store.ts';
import { directoryMigrations } from './directory/directory-migrations.ts';
import { DirectoryStore } from './directory/directory-store.ts';
import { randomBytes } from 'node:crypto';
import type { Storage, Stores } from './stores.ts';

export type { Storage, Stores } from './stores.ts';

/**
 * Every migration, in the server's one numbering: each slice's own (<slice>/<slice>-migrations.ts);
 * a number several slices share runs their parts in this order (storage/migrations.ts joinMigrations).
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return joinMigrations(
    storageMigrations(), authMigrations(engine), catalogMigrations(engine), embeddingMigrations(engine), oidcMigrations(engine),
    consoleMigrations(engine), protocolMigrations(engine), mfaMigrations(engine), accountMigrations(engine), passkeyMigrations(engine),
    directoryMigrations(engine),
  );
}

/** The configured database with every migration run (tests open it beside a running server). */
export function openDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<OpenDatabase> {
  return openDatabaseWith(config, migrations);
}

/** Runs the `down` of every migration after `target` (newest first): tests rebuild an older database with it. */
export function migrateDownTo(db: Kysely<any>, engine: Engine, target: string, schema?: string): Promise<void> {
  return migrateDownToWith(db, migrations(engine), target, schema);
}

export interface StorageOptions {
  /** Real time for the SQLite session copies (auth/session-cache.ts); tests pass their own to age them. */
  sessionCacheClock?: () => number;
  /**
   * Seals secrets the server must read back (TOTP keys). compose() derives it from the deployment's
   * key pair; without it (a test or tool that opens the storage alone) a key of this process is used,
   * so what it writes cannot be read by the server.
   */
  secretBox?: SecretBox;
  /** The HMAC key of stored recovery codes, from the deployment's key pair like secretBox (else one of this process). */
  codeKey?: Buffer;
}

/**
 * The provider's records: on the database (plain statements, storage/sql-statements.ts); scaled
 * out, the short-lived ones in Redis (oidc/oidc-record-store.split.ts).
 */
function oidcRecordsOn(handles: StorageHandles): OidcStorage {
  const sql: OidcStorage = new SqlOidcStorage(handles.statements);
  return handles.redis ? new SplitOidcStorage(sql, new RedisOidcStorage(handles.redis, handles.redisKeyPrefix)) : sql;
}

/** The storage with every slice's stores: the database and Redis from storage/, the stores from each slice. */
export async function openStorage(
  config: StorageConfig & Pick<ServerConfig, 'sessionAbsoluteMs'>, options: StorageOptions = {},
): Promise<Storage> {
  const secretBox = options.secretBox ?? new SecretBox(randomBytes(32));
  const codeKey = options.codeKey ?? randomBytes(32);
  const handles = await openStorageHandles(config, migrations);
  // Each slice's builder holds what it keeps once per process (caches, its Redis stores).
  const auth = authStores(handles, config, options.sessionCacheClock);
  const metaIn = (scope: SqlScope) => new SqlMetaStore(scope);
  const catalog = catalogStores(handles, metaIn);
  const embedding = embeddingStores(handles);
  const oidc = oidcStores(handles);
  const operatorConsole = consoleStores(handles, consoleSessionStores(handles, CONSOLE_SESSION_ABSOLUTE_MS));
  const storesIn: StoresIn<Stores> = (scope) => ({
    ...auth(scope), ...catalog(scope), ...embedding(scope), ...oidc(scope), ...operatorConsole(scope),
    meta: metaIn(scope),
    protocolClients: new SqlProtocolClientStore(scope),
    mfa: new MfaStore(scope, secretBox, codeKey),
    account: new AccountStore(scope),
    passkeys: new PasskeyStore(scope),
    directories: new DirectoryStore(scope, secretBox),
  });
  return {
    stores: storesOnDatabase(handles, storesIn),
    engine: handles.engine,
    redis: handles.redis,
    oidcRecords: oidcRecordsOn(handles),
    transaction: (work) => inTransaction(handles, storesIn, work),
    close: () => closeStorageHandles(handles),
  };
}

export interface ComposeOptions {
  /** The clock, in epoch ms; tests move it to provoke timeouts. */
  now?: () => number;
  /** Real time for the embedded database's session copies (auth/session-cache.ts); Date.now when not given. */
  sessionCacheClock?: () => number;
  smsSender?: SmsSender;
  /**
   * Where the development SMS sender reports a send, and the client registries a failed reload (the
   * server's logger); silent when not given.
   */
  log?: SmsLog & { warn?: (details: object, message: string) => void };
  tokenCache?: TokenCache;
  /** Seed the demo data when the config asks for it (the server does; the CLI has its own command). */
  seed?: boolean;
}

const silent: SmsLog = { info: () => {} };

/**
 * Opens the storage (migrations, and the demo seed when asked) under the startup lock. A production
 * server start without the demo data refuses a database whose demo accounts keep their public
 * passwords (the CLI does not: it is how an administrator changes them).
 */
async function openSeededStorage(config: ServerConfig, options: ComposeOptions, keys: Pick<StorageOptions, 'secretBox' | 'codeKey'>): Promise<Storage> {
  return withStartupLock(config, async () => {
    const storage = await openStorage(config, { sessionCacheClock: options.sessionCacheClock, ...keys });
    try {
      // Recovery codes stored as plain SHA-256 by an earlier version get their HMAC (needs the key: not a SQL migration).
      await storage.stores.mfa.upgradeLegacyRecoveryCodes();
      if (options.seed && config.seedDemoData) await seedDemoData(storage, (options.now ?? Date.now)());
      else if (options.seed && config.production) await refuseDemoAccountsInProduction(storage);
      // A fresh instance signs people in at once: one default group for its own address.
      if (options.seed) await ensureDefaultGroup(storage.stores.catalog, config);
    } catch (error) {
      await storage.close();
      throw error;
    }
    return storage;
  });
}

export async function compose(config: ServerConfig, options: ComposeOptions = {}): Promise<AppContext> {
  // The deployment's key pair first: the storage seals the secrets it must read back with a key
  // derived from it (crypto/secret-box.ts), the same on every instance.
  const keys = loadOrCreateSm2KeyPair(config.dataDir, config.sm2KeyFile);
  const storage = await openSeededStorage(config, options, {
    secretBox: new SecretBox(deriveKey(keys.privateKey, 'sso stored secrets v1')),
    codeKey: deriveKey(keys.privateKey, 'sso recovery codes v1'),
  });
  const { stores, redis } = storage;
  const now = options.now ?? Date.now;
  const tokenCache = options.tokenCache ?? new MemoryTokenCache(now);
  const warn = (what: string) => (error: unknown) => options.log?.warn?.({ err: error }, what);
  // The apps of every protocol slice in one registry, reloaded while the server runs (the slices' plugins start and stop it).
  const apps: Apps = new AppRegistry<RegisteredApps>(
    [oidcClientSource(stores.oidcClients), protocolAppSource(stores.protocolClients)],
    stores.memberships, warn('reloading the registered apps failed'), config.oidcClientCheckMs,
  );
  const portalAddress = new PortalAddress(config);
  // Where an app card leads and who sees it: a card tied to an OpenID Connect client opens through
  // its initiate_login_uri (oidc/app-launch.ts), one tied to a CAS service or SAML SP through that
  // protocol (cas/protocol-app-links.ts); a card of an app restricted by group is listed to its members only.
  const appLinks = new AppLinks();
  appLinks.useSignInLinks(appSignInLinks(apps, () => portalAddress.issuer()));
  appLinks.useAppGroups(appGroups(apps));
  appLinks.useSignInLinks(protocolSignInLinks(apps, () => portalAddress.base()));
  appLinks.useAppGroups(protocolAppGroups(apps));
  return {
    config,
    storage,
    stores,
    now,
    keys,
    sessions: new SessionManager(stores.sessions, config, now),
    consoleSessions: new SessionManager(stores.consoleSessions, { sessionIdleMs: CONSOLE_SESSION_IDLE_MS, sessionAbsoluteMs: CONSOLE_SESSION_ABSOLUTE_MS }, now),
    accountGrants: new AccountGrants(storage.oidcRecords, stores.oidcSubjects),
    setupState: new SetupState(stores.users),
    lockout: new Lockout(stores.lockout, config, now),
    accountGuard: redis ? new RedisAccountGuard(redis, config.redisKeyPrefix) : new MemoryAccountGuard(),
    sms: new SmsCodes(
      stores.sms, options.smsSender ?? new OutboxSmsSender(config.smsOutboxPath, options.log ?? silent), config, now,
      deriveKey(keys.privateKey, 'sso sms code v1'),
    ),
    tickets: new LoginTickets(keys.privateKey, stores.nonces, now, config.loginTicketMs),
    issueLoginTicket,
    weCom: new WeComClient(tokenCache, now, config.upstreamTimeoutMs),
    feishu: new FeishuClient(tokenCache, now, config.upstreamTimeoutMs),
    appLinks,
    apps,
    portalAddress,
  };
}

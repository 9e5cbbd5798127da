// The one composition root: builds every part of the server from the config. The HTTP server
// (server.ts), the admin CLI (cli.ts), the tests and the bench all get their parts here, so each
// runs on the same storage mode (SQLite, PostgreSQL, PostgreSQL + Redis) with the same services.
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { MemoryAccountGuard, RedisAccountGuard } from './auth/account-guard.ts';
import { Lockout } from './auth/lockout.ts';
import { FeishuClient } from './auth/messengers/feishu.ts';
import { MemoryTokenCache, type TokenCache } from './auth/messengers/token-cache.ts';
import { WeComClient } from './auth/messengers/wecom.ts';
import { SessionManager } from './auth/sessions.ts';
import { OutboxSmsSender, SmsCodes, type SmsLog, type SmsSender } from './auth/sms-codes.ts';
import { AppLinks } from './catalog/app-links.ts';
import { loadOrCreateSm2KeyPair } from './crypto/sm2-keys.ts';
import { SecretBox } from './crypto/secret-box.ts';
import { deriveKey, LoginTickets } from './embedding/login-tickets.ts';
import { seedDemoData } from './seed/import.ts';
import { refuseDemoAccountsInProduction } from './seed/demo-accounts-in-production.ts';
import { withStartupLock } from './storage/startup-lock.ts';
import { CONSOLE_SESSION_ABSOLUTE_MS, CONSOLE_SESSION_IDLE_MS } from './console/console-timeouts.ts';
import { ensureDefaultGroup } from './console/default-group.ts';
import { AccountGrants } from './oidc/account-grants.ts';
import { SetupState } from './console/setup-state.ts';
import { openStorage, type Storage } from './storage/storage.ts';

export interface ComposeOptions {
  /** The clock, in epoch ms; tests move it to provoke timeouts. */
  now?: () => number;
  /** Real time for the embedded database's session copies (auth/session-cache.ts); Date.now when not given. */
  sessionCacheClock?: () => number;
  smsSender?: SmsSender;
  /** Where the development SMS sender reports a send (the server's logger); silent when not given. */
  log?: SmsLog;
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
async function openSeededStorage(config: ServerConfig, options: ComposeOptions, secretBox: SecretBox): Promise<Storage> {
  return withStartupLock(config, async () => {
    const storage = await openStorage(config, { sessionCacheClock: options.sessionCacheClock, secretBox });
    try {
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
  const storage = await openSeededStorage(config, options, new SecretBox(deriveKey(keys.privateKey, 'sso stored secrets v1')));
  const { stores, redis } = storage;
  const now = options.now ?? Date.now;
  const tokenCache = options.tokenCache ?? new MemoryTokenCache(now);
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
    weCom: new WeComClient(tokenCache, now, config.upstreamTimeoutMs),
    feishu: new FeishuClient(tokenCache, now, config.upstreamTimeoutMs),
    appLinks: new AppLinks(),
  };
}

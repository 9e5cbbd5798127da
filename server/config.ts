// The server's typed configuration, read once from the environment. Bad values stop the start with
// a clear message; development-only defaults (secrets that ship in the source) are listed so the
// caller can print a loud warning.
import path from 'node:path';
import { DEV_ENC_KEY, DEV_SIGN_SECRET } from '../contract/development-defaults.ts';
import { parseTrustProxy, TrustProxyError, type TrustProxy } from './http/trust-proxy.ts';
import { BackchannelAllowError, parseBackchannelAllow } from './oidc/backchannel-guard.ts';
import { KEY_PUBLISHED_AHEAD_MS } from './oidc/signing-keys.ts';

export interface ServerConfig {
  /** Directory for the SQLite file, the SM2 key pair and the SMS outbox. Created on first start. */
  dataDir: string;
  /** The SM2 key pair file; instances of one deployment share it (default dataDir/sm2-key.json). */
  sm2KeyFile: string;
  /** postgres://... switches storage to PostgreSQL; empty means SQLite in dataDir/sso.db. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  databaseSchema: string | null;
  port: number;
  host: string;
  /**
   * Which X-Forwarded-* hops to believe behind a reverse proxy: false, a hop count, or the proxies'
   * addresses / CIDR ranges (server/http/trust-proxy.ts). Never every hop.
   */
  trustProxy: TrustProxy;
  /** A token that unlocks /api/health details for callers other than loopback; null: loopback only. */
  healthToken: string | null;
  /** Directory holding the built portal (index.html) and widget/ assets. */
  distDir: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  lockoutMaxFailures: number;
  lockoutWindowMs: number;
  lockoutDurationMs: number;
  passwordMaxAgeMs: number;
  /**
   * How long past passwordMaxAgeMs a user may still postpone the change (稍后修改) and sign in;
   * after that the change is required. 0: no postponing.
   */
  passwordGraceMs: number;
  smsCodeTtlMs: number;
  smsResendCooldownMs: number;
  smsDailyCap: number;
  smsMaxAttempts: number;
  /** JSON-lines file the default SMS sender appends to. */
  smsOutboxPath: string;
  /** Requests per minute and IP on /admin/user/details. */
  userLookupPerMinute: number;
  /** Requests per minute and IP on doLogin, SMS sending and registration. */
  sensitivePerMinute: number;
  /** Lifetime of a one-time login ticket of an embedded sign-in (docs/embedding.md), in ms. */
  loginTicketMs: number;
  /** doLogin calls per minute for one account name or phone, whichever IPs they come from. */
  loginPerAccountPerMinute: number;
  /** SMS sends per hour for one phone (on top of the cooldown and the daily cap). */
  smsPerPhonePerHour: number;
  /** SMS sends per hour from one IP, whatever the phones. */
  smsPerIpPerHour: number;
  /** redis://... moves sessions, lockout, SMS codes, nonces and rate-limit counters to Redis. */
  redisUrl: string | null;
  /** Prefix of every Redis key this deployment writes (tests use a random one per run). */
  redisKeyPrefix: string;
  /** Enc-Flag AES key: exactly 16 bytes of UTF-8. */
  encKey: string;
  /** Shared secret of the /tenant/list signature. */
  signSecret: string;
  signatureMaxAgeMs: number;
  /** When set, replaces every group's WeCom / Feishu upstream base URL (tests, staging). */
  weComBaseUrl: string | null;
  feishuBaseUrl: string | null;
  upstreamTimeoutMs: number;
  seedDemoData: boolean;
  /**
   * SSO_CONSOLE_REQUIRE_SECOND_FACTOR: an administrator signs into the console only with a second
   * factor (an authenticator app; one without enrols one at that sign-in). On by default with
   * NODE_ENV=production, off in development unless set.
   */
  consoleRequireSecondFactor: boolean;
  /** NODE_ENV=production: development secrets and demo accounts with their public passwords refuse the start. */
  production: boolean;
  logLevel: string;
  /**
   * The portal's public origin (SSO_PUBLIC_URL) and the OpenID Connect issuer; null: http://localhost:<port
   * it listens on>. https here switches cookies to __Host- names.
   */
  publicUrl: string | null;
  /** The provider's signing keys when the database is SQLite (default dataDir/oidc-keys.json). */
  oidcKeyFile: string;
  /**
   * The private, loopback and special-use addresses back-channel logout tokens may be delivered to
   * (SSO_OIDC_BACKCHANNEL_ALLOW, CIDR ranges; SSO_OIDC_PRIVATE_BACKCHANNEL=false: none). Link-local
   * and metadata addresses are refused whatever this says (oidc/backchannel-guard.ts).
   */
  oidcBackchannelAllow: string[];
  /** How often ended portal sessions (timeouts, password resets elsewhere) are looked for, in ms. */
  oidcLogoutSweepMs: number;
  /**
   * How often a running server looks for client changes made elsewhere (admin CLI, import, another
   * instance), in ms: a change takes effect within this (plus a look-up's own re-check). Not an
   * environment setting; tests shorten it.
   */
  oidcClientCheckMs: number;
  /**
   * How long a signing key added by rotate-keys is published before it signs (review finding 9:
   * longer than apps cache the JWKS). Not an environment setting; tests shorten it.
   */
  oidcKeyPublishAheadMs: number;
  /**
   * The client groups a self-registered dealer joins (SSO_REGISTRATION_GROUPS); null: the group of
   * the brand site or host where he registered. Staff groups are skipped either way.
   */
  registrationGroups: string[] | null;
  /** How long sign-in and administrator-action audit rows are kept (SSO_AUDIT_DAYS), in ms. */
  auditRetentionMs: number;
}


const MINUTE = 60_000;

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (!raw) return null;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

function backchannelAllow(env: NodeJS.ProcessEnv): string[] {
  const listed = (() => {
    try {
      return parseBackchannelAllow(env.SSO_OIDC_BACKCHANNEL_ALLOW);
    } catch (error) {
      if (error instanceof BackchannelAllowError) throw new ConfigError(error.message);
      throw error;
    }
  })();
  return bool(env, 'SSO_OIDC_PRIVATE_BACKCHANNEL', true) ? listed : [];
}

/** A comma-separated list of group codes; unset or empty: null. */
function groupCodes(env: NodeJS.ProcessEnv, name: string): string[] | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  const codes = raw.split(',').map((code) => code.trim()).filter(Boolean);
  const bad = codes.find((code) => !/^[a-z0-9-]+$/.test(code));
  if (bad !== undefined) throw new ConfigError(`${name} must be group codes separated by commas (lowercase letters, digits, -), got "${bad}"`);
  return codes;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.SSO_DATA_DIR || 'data');
  const databaseUrl = env.SSO_DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('SSO_DATABASE_URL must start with postgres:// (or be unset for SQLite)');
  }
  const databaseSchema = env.SSO_DATABASE_SCHEMA || null;
  const loginTicketSeconds = integer(env, 'SSO_LOGIN_TICKET_SECONDS', 60, 5);
  if (loginTicketSeconds > 300) throw new ConfigError('SSO_LOGIN_TICKET_SECONDS must be at most 300 (a login ticket is meant to be redeemed at once)');
  const redisUrl = env.SSO_REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('SSO_REDIS_URL must start with redis:// or rediss:// (or be unset for the embedded state)');
  }
  const redisKeyPrefix = env.SSO_REDIS_PREFIX || 'sso:';
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(redisKeyPrefix)) {
    throw new ConfigError('SSO_REDIS_PREFIX may hold letters, digits and _ : . - only (at most 64)');
  }
  if (databaseSchema && !/^[a-z_][a-z0-9_]*$/.test(databaseSchema)) {
    throw new ConfigError('SSO_DATABASE_SCHEMA must be a lowercase SQL identifier');
  }
  const encKey = env.SSO_ENC_KEY || DEV_ENC_KEY;
  if (Buffer.byteLength(encKey, 'utf8') !== 16) {
    throw new ConfigError('SSO_ENC_KEY must be exactly 16 bytes (AES-128)');
  }
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(env.SSO_TRUST_PROXY);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(error.message);
    throw error;
  }
  const port = integer(env, 'SSO_PORT', 8080, 0);
  const publicUrl = url(env, 'SSO_PUBLIC_URL');
  if (publicUrl !== null && !/^https?:\/\/[^/]+$/.test(publicUrl)) throw new ConfigError('SSO_PUBLIC_URL must be an http(s) origin without a path, e.g. https://sso.example.com');
  const healthToken = env.SSO_HEALTH_TOKEN || null;
  if (healthToken !== null && healthToken.length < 16) throw new ConfigError('SSO_HEALTH_TOKEN must be at least 16 characters');
  const config: ServerConfig = {
    dataDir,
    sm2KeyFile: path.resolve(env.SSO_SM2_KEY_FILE || path.join(dataDir, 'sm2-key.json')),
    databaseUrl,
    databaseSchema,
    port,
    host: env.SSO_HOST || '0.0.0.0',
    trustProxy,
    publicUrl,
    healthToken,
    distDir: path.resolve(env.SSO_DIST_DIR || 'dist'),
    sessionIdleMs: integer(env, 'SSO_SESSION_IDLE_MINUTES', 30, 1) * MINUTE,
    sessionAbsoluteMs: integer(env, 'SSO_SESSION_ABSOLUTE_MINUTES', 600, 1) * MINUTE,
    lockoutMaxFailures: integer(env, 'SSO_LOCKOUT_MAX_FAILURES', 5, 1),
    lockoutWindowMs: integer(env, 'SSO_LOCKOUT_WINDOW_MINUTES', 15, 1) * MINUTE,
    lockoutDurationMs: integer(env, 'SSO_LOCKOUT_MINUTES', 15, 1) * MINUTE,
    passwordMaxAgeMs: integer(env, 'SSO_PASSWORD_MAX_AGE_DAYS', 30, 1) * 24 * 60 * MINUTE,
    passwordGraceMs: integer(env, 'SSO_PASSWORD_GRACE_DAYS', 14, 0) * 24 * 60 * MINUTE,
    smsCodeTtlMs: 5 * MINUTE,
    smsResendCooldownMs: integer(env, 'SSO_SMS_COOLDOWN_SECONDS', 60, 0) * 1000,
    smsDailyCap: integer(env, 'SSO_SMS_DAILY_CAP', 10, 1),
    smsMaxAttempts: 5,
    smsOutboxPath: path.resolve(env.SSO_SMS_OUTBOX || path.join(dataDir, 'sms-outbox.jsonl')),
    userLookupPerMinute: integer(env, 'SSO_USER_LOOKUP_PER_MINUTE', 30, 1),
    sensitivePerMinute: integer(env, 'SSO_SENSITIVE_PER_MINUTE', 60, 1),
    loginTicketMs: loginTicketSeconds * 1000,
    loginPerAccountPerMinute: integer(env, 'SSO_LOGIN_PER_ACCOUNT_PER_MINUTE', 60, 1),
    smsPerPhonePerHour: integer(env, 'SSO_SMS_PER_PHONE_PER_HOUR', 20, 1),
    smsPerIpPerHour: integer(env, 'SSO_SMS_PER_IP_PER_HOUR', 100, 1),
    redisUrl,
    redisKeyPrefix,
    encKey,
    signSecret: env.SSO_SIGN_SECRET || DEV_SIGN_SECRET,
    signatureMaxAgeMs: 5 * MINUTE,
    weComBaseUrl: url(env, 'SSO_WECOM_BASE_URL'),
    feishuBaseUrl: url(env, 'SSO_FEISHU_BASE_URL'),
    upstreamTimeoutMs: integer(env, 'SSO_UPSTREAM_TIMEOUT_MS', 10_000, 100),
    // Demo accounts have published passwords: seeded by default on a developer machine only.
    seedDemoData: bool(env, 'SSO_SEED_DEMO', env.NODE_ENV !== 'production'),
    production: env.NODE_ENV === 'production',
    consoleRequireSecondFactor: bool(env, 'SSO_CONSOLE_REQUIRE_SECOND_FACTOR', env.NODE_ENV === 'production'),
    logLevel: env.SSO_LOG_LEVEL || 'info',
    oidcKeyFile: path.resolve(env.SSO_OIDC_KEY_FILE || path.join(dataDir, 'oidc-keys.json')),
    oidcBackchannelAllow: backchannelAllow(env),
    oidcLogoutSweepMs: integer(env, 'SSO_OIDC_LOGOUT_SWEEP_SECONDS', 30, 1) * 1000,
    oidcClientCheckMs: 2000,
    oidcKeyPublishAheadMs: KEY_PUBLISHED_AHEAD_MS,
    registrationGroups: groupCodes(env, 'SSO_REGISTRATION_GROUPS'),
    auditRetentionMs: integer(env, 'SSO_AUDIT_DAYS', 180, 1) * 24 * 60 * MINUTE,
  };
  if (config.sessionAbsoluteMs < config.sessionIdleMs) {
    throw new ConfigError('SSO_SESSION_ABSOLUTE_MINUTES must not be shorter than SSO_SESSION_IDLE_MINUTES');
  }
  refuseDevelopmentSecretsInProduction(config, env);
  requireHttpsInProduction(config);
  return config;
}

/** Loopback hosts: reachable only from the machine itself (RFC 8252's exception for native apps). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * NODE_ENV=production serves the portal and the issuer over https (review finding 4): SSO_PUBLIC_URL
 * must be set (every URL the provider publishes comes from it) and be https. The one exception is a
 * loopback address (http://127.0.0.1, http://[::1], http://localhost), which only the machine itself
 * reaches, as for apps' redirect URIs. Development keeps plain http.
 */
function requireHttpsInProduction(config: ServerConfig): void {
  if (!config.production) return;
  if (config.publicUrl === null) {
    throw new ConfigError('NODE_ENV=production needs SSO_PUBLIC_URL, the https origin browsers and apps use (e.g. SSO_PUBLIC_URL=https://sso.example.com): the issuer and every URL the portal publishes come from it');
  }
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(`NODE_ENV=production needs an https SSO_PUBLIC_URL, got "${config.publicUrl}" (plain http only for a loopback address such as http://127.0.0.1:8080)`);
  }
}

/**
 * NODE_ENV=production with a secret that ships in the source stops the start (as Keycloak's
 * production mode does), naming what to set. Demo accounts need an explicit SSO_SEED_DEMO=true there.
 */
function refuseDevelopmentSecretsInProduction(config: ServerConfig, env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production') return;
  const public_ = developmentDefaults(config).filter((name) => name.startsWith('SSO_ENC_KEY') || name.startsWith('SSO_SIGN_SECRET'));
  if (public_.length > 0) {
    throw new ConfigError(`NODE_ENV=production refuses the development values of ${public_.join(' and ')}: they are public (in the source). Set your own (see docs/deployment.md).`);
  }
}

/** Names of settings still on a development default that must be replaced in production. */
export function developmentDefaults(config: ServerConfig): string[] {
  const found: string[] = [];
  if (config.encKey === DEV_ENC_KEY) found.push('SSO_ENC_KEY');
  if (config.signSecret === DEV_SIGN_SECRET) found.push('SSO_SIGN_SECRET');
  if (config.seedDemoData) found.push('SSO_SEED_DEMO=true');
  return found;
}

// The storage contract. Everything the server keeps goes through these interfaces; SQLite and
// PostgreSQL implement them (server/db/kysely-store.ts), and a later Redis store can take over the
// short-lived state (sessions, lockout counters, SMS codes, nonces) behind the same interfaces.

export interface User {
  id: number;
  username: string;
  phone: string | null;
  passwordHash: string;
  passwordChangedAt: number;
  mustChangePassword: boolean;
  kind: 'staff' | 'dealer';
}

export type NewUser = Omit<User, 'id'>;

export interface WeComSettings {
  appid: string;
  agentid: string;
  /** Server-side only: never in an answer. */
  secret: string;
  baseUrl: string;
}

export interface FeishuSettings {
  appId: string;
  /** Server-side only: never in an answer. */
  appSecret: string;
  baseUrl: string;
}

export interface ClientGroup {
  code: string;
  name: string;
  aliases: string[];
  domains: string[];
  /** Explicit public URL; null derives it from the first domain and the request's port. */
  domainUrl: string | null;
  imageList: { fileUrl: string }[];
  cycleTime: number;
  weCom: WeComSettings | null;
  feishu: FeishuSettings | null;
  callbackOrigins: string[];
  isDefault: boolean;
  sortOrder: number;
}

export interface App {
  id: string;
  groupCode: string;
  name: string;
  logo: string;
  intro: string;
  autoLoginUrl: string;
  sortOrder: number;
  visible: boolean;
}

export interface Session {
  idHash: string;
  userId: number;
  username: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionStore {
  createSession(session: Session): Promise<void>;
  findSession(idHash: string): Promise<Session | null>;
  touchSession(idHash: string, at: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  deleteUserSessions(userId: number): Promise<void>;
  /** Drops sessions created before `createdBefore` (past any absolute timeout). */
  purgeSessions(createdBefore: number): Promise<void>;
}

export interface FailureCount {
  failureCount: number;
  lockedUntil: number;
}

export interface LockoutStore {
  lockedUntil(username: string): Promise<number>;
  /** Atomically counts one failure in a window starting at the first failure; locks at `max`. */
  recordFailure(username: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount>;
  clearFailures(username: string): Promise<void>;
}

export interface SmsCode {
  phone: string;
  purpose: 'login' | 'register';
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

export interface SmsQuota {
  phone: string;
  /** The last send for this phone, whatever the purpose. */
  lastSentAt: number;
  /**
   * The last send per purpose: the resend cooldown is per phone and purpose. Absent on a record
   * written before it existed; lastSentAt then stands for every purpose.
   */
  lastSentByPurpose?: Partial<Record<SmsCode['purpose'], number>>;
  /** The daily cap stays per phone. */
  day: string;
  dayCount: number;
}

export interface SmsStore {
  getQuota(phone: string): Promise<SmsQuota | null>;
  saveQuota(quota: SmsQuota): Promise<void>;
  saveCode(code: SmsCode): Promise<void>;
  getCode(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null>;
  /**
   * Counts one try of the current code and returns the code as it is after that count, in one
   * atomic step (one SQL statement / one Redis script): of parallel tries each sees its own
   * number, so no more than the allowed number are ever compared. null when there is no code.
   */
  countCodeTry(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null>;
  /**
   * Takes `key` until `until` when it is free at `now`, atomically: of parallel callers exactly one
   * gets true (the SMS send cooldown: two parallel sends, one SMS).
   */
  claimUntil(key: string, until: number, now: number): Promise<boolean>;
  /**
   * Deletes the code only while it is still the one with `codeHash`, atomically: true for the one
   * caller that deleted it, false for any other (a parallel login with the same code, a new code).
   */
  deleteCode(phone: string, purpose: SmsCode['purpose'], codeHash: string): Promise<boolean>;
}

export interface NonceStore {
  /** True when the nonce is new (and now remembered until expiresAt), false when seen before. */
  rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean>;
}

export interface LoginAttempt {
  username: string;
  at: number;
  ip: string;
  method: 'password' | 'mobile' | 'wecom' | 'feishu';
  result: string;
  clientId: string | null;
}

export interface Repository extends SessionStore, LockoutStore, SmsStore, NonceStore {
  findUserByName(username: string): Promise<User | null>;
  findUserByPhone(phone: string): Promise<User | null>;
  findUserById(id: number): Promise<User | null>;
  insertUser(user: NewUser): Promise<User>;
  updatePassword(userId: number, passwordHash: string, changedAt: number, mustChange: boolean): Promise<void>;
  listGroups(): Promise<ClientGroup[]>;
  upsertGroup(group: ClientGroup): Promise<void>;
  listApps(groupCode: string): Promise<App[]>;
  upsertApp(app: App): Promise<void>;
  findIdentity(provider: 'wecom' | 'feishu', externalId: string): Promise<number | null>;
  linkIdentity(provider: 'wecom' | 'feishu', externalId: string, userId: number): Promise<void>;
  recordLogin(attempt: LoginAttempt): Promise<void>;
  listLoginAudit(limit: number): Promise<LoginAttempt[]>;
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  /** Runs `work` in one transaction: every write inside commits together or not at all. */
  transaction<T>(work: (repo: Repository) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

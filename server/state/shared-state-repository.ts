// A Repository whose short-lived state (sessions, lockout, SMS codes and quotas, nonces) lives in
// a shared store (Redis) while users, groups, apps and the audit stay in the database. Routes and
// domain code keep using one Repository and do not know where each part lives.
import type {
  App, ClientGroup, FailureCount, LoginAttempt, NewUser, Repository, Session, SmsCode, SmsQuota, User,
} from '../db/repository.ts';
import type { StateStores } from './redis-state.ts';

export class SharedStateRepository implements Repository {
  constructor(
    private readonly db: Repository,
    private readonly state: StateStores,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  // Durable data: the database.
  findUserByName(username: string): Promise<User | null> { return this.db.findUserByName(username); }
  findUserByPhone(phone: string): Promise<User | null> { return this.db.findUserByPhone(phone); }
  findUserById(id: number): Promise<User | null> { return this.db.findUserById(id); }
  insertUser(user: NewUser): Promise<User> { return this.db.insertUser(user); }
  updatePassword(userId: number, hash: string, at: number, mustChange: boolean): Promise<void> {
    return this.db.updatePassword(userId, hash, at, mustChange);
  }
  listGroups(): Promise<ClientGroup[]> { return this.db.listGroups(); }
  upsertGroup(group: ClientGroup): Promise<void> { return this.db.upsertGroup(group); }
  listApps(groupCode: string): Promise<App[]> { return this.db.listApps(groupCode); }
  upsertApp(app: App): Promise<void> { return this.db.upsertApp(app); }
  findIdentity(provider: 'wecom' | 'feishu', externalId: string): Promise<number | null> { return this.db.findIdentity(provider, externalId); }
  linkIdentity(provider: 'wecom' | 'feishu', externalId: string, userId: number): Promise<void> {
    return this.db.linkIdentity(provider, externalId, userId);
  }
  recordLogin(attempt: LoginAttempt): Promise<void> { return this.db.recordLogin(attempt); }
  listLoginAudit(limit: number): Promise<LoginAttempt[]> { return this.db.listLoginAudit(limit); }
  getMeta(key: string): Promise<string | null> { return this.db.getMeta(key); }
  setMeta(key: string, value: string): Promise<void> { return this.db.setMeta(key, value); }

  // Short-lived shared state: the shared store.
  createSession(session: Session): Promise<void> { return this.state.createSession(session); }
  findSession(idHash: string): Promise<Session | null> { return this.state.findSession(idHash); }
  touchSession(idHash: string, at: number): Promise<void> { return this.state.touchSession(idHash, at); }
  deleteSession(idHash: string): Promise<void> { return this.state.deleteSession(idHash); }
  deleteUserSessions(userId: number): Promise<void> { return this.state.deleteUserSessions(userId); }
  purgeSessions(createdBefore: number): Promise<void> { return this.state.purgeSessions(createdBefore); }
  lockedUntil(username: string): Promise<number> { return this.state.lockedUntil(username); }
  recordFailure(username: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount> {
    return this.state.recordFailure(username, now, windowMs, max, lockMs);
  }
  clearFailures(username: string): Promise<void> { return this.state.clearFailures(username); }
  getQuota(phone: string): Promise<SmsQuota | null> { return this.state.getQuota(phone); }
  saveQuota(quota: SmsQuota): Promise<void> { return this.state.saveQuota(quota); }
  saveCode(code: SmsCode): Promise<void> { return this.state.saveCode(code); }
  getCode(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null> { return this.state.getCode(phone, purpose); }
  countCodeTry(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null> { return this.state.countCodeTry(phone, purpose); }
  claimUntil(key: string, until: number, now: number): Promise<boolean> { return this.state.claimUntil(key, until, now); }
  deleteCode(phone: string, purpose: SmsCode['purpose'], codeHash: string): Promise<boolean> {
    return this.state.deleteCode(phone, purpose, codeHash);
  }
  rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean> { return this.state.rememberNonce(nonce, expiresAt, now); }

  /**
   * The database part is one transaction. State writes inside it (using up an SMS code, ending a
   * user's sessions) go to Redis right away; they only ever take something away, so a rollback
   * afterwards can cost a user a new code but never leaves a half-written account.
   */
  transaction<T>(work: (repo: Repository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new SharedStateRepository(tx, this.state)));
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}

// The Repository on kysely: the same queries serve SQLite (better-sqlite3) and PostgreSQL (pg);
// server/db/open.ts picks the dialect. Atomic counters use INSERT ... ON CONFLICT, which both
// engines support, so concurrent failures are never lost.
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ClientGroupsTable, AppsTable, UsersTable } from './schema.ts';
import type {
  App, ClientGroup, FailureCount, LoginAttempt, NewUser, Repository, Session, SmsCode, SmsQuota, User,
} from './repository.ts';
import { CATALOG_VERSION_KEY, CatalogCache } from './catalog-cache.ts';
import { SessionCache } from './session-cache.ts';

const json = (value: unknown): string => JSON.stringify(value);

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: Number(row.id),
    username: row.username,
    phone: row.phone,
    passwordHash: row.password_hash,
    passwordChangedAt: Number(row.password_changed_at),
    mustChangePassword: row.must_change_password === 1,
    kind: row.kind === 'dealer' ? 'dealer' : 'staff',
  };
}

function toGroup(row: Selectable<ClientGroupsTable>): ClientGroup {
  return {
    code: row.code,
    name: row.name,
    aliases: JSON.parse(row.aliases),
    domains: JSON.parse(row.domains),
    domainUrl: row.domain_url,
    imageList: JSON.parse(row.image_list),
    cycleTime: row.cycle_time,
    weCom: row.wecom_config ? JSON.parse(row.wecom_config) : null,
    feishu: row.feishu_config ? JSON.parse(row.feishu_config) : null,
    callbackOrigins: JSON.parse(row.callback_origins),
    isDefault: row.is_default === 1,
    sortOrder: row.sort_order,
  };
}

function toApp(row: Selectable<AppsTable>): App {
  return {
    id: row.id,
    groupCode: row.group_code,
    name: row.name,
    logo: row.logo,
    intro: row.intro,
    autoLoginUrl: row.auto_login_url,
    sortOrder: row.sort_order,
    visible: row.visible === 1,
  };
}

export class KyselyStore implements Repository {
  /** Set when this (transaction's) store wrote a group or an app. */
  private wroteCatalog = false;
  /** Session removals inside this transaction, done to the copies again once it has committed. */
  private readonly sessionRemovals: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onClose: () => Promise<void> = async () => {},
    private readonly catalog: CatalogCache = new CatalogCache(),
    /** Only for the embedded database, where this process owns the sessions (see session-cache.ts). */
    private readonly sessionCache: SessionCache | null = null,
  ) {}

  /** A session written inside a transaction may still roll back: only a committed one is kept. */
  private get cachesSessions(): SessionCache | null {
    return this.db.isTransaction ? null : this.sessionCache;
  }

  private readCatalogVersion = (): Promise<string | null> => this.getMeta(CATALOG_VERSION_KEY);

  /** Every group or app write marks the catalog changed, for the caches of every process. */
  private async catalogChanged(): Promise<void> {
    this.wroteCatalog = true;
    this.catalog.invalidate();
    await this.setMeta(CATALOG_VERSION_KEY, crypto.randomUUID());
  }

  async findUserByName(username: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findUserByPhone(phone: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findUserById(id: number): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async insertUser(user: NewUser): Promise<User> {
    const row = await this.db
      .insertInto('users')
      .values({
        username: user.username,
        phone: user.phone,
        password_hash: user.passwordHash,
        password_changed_at: user.passwordChangedAt,
        must_change_password: user.mustChangePassword ? 1 : 0,
        kind: user.kind,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  }

  async updatePassword(userId: number, passwordHash: string, changedAt: number, mustChange: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: changedAt, must_change_password: mustChange ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  async listGroups(): Promise<ClientGroup[]> {
    // Inside a transaction read the rows themselves: the caller may be about to change them.
    if (this.db.isTransaction) return this.readGroups();
    return this.catalog.listGroups(this.readCatalogVersion, () => this.readGroups());
  }

  private async readGroups(): Promise<ClientGroup[]> {
    const rows = await this.db.selectFrom('client_groups').selectAll().orderBy('sort_order').orderBy('code').execute();
    return rows.map(toGroup);
  }

  async upsertGroup(g: ClientGroup): Promise<void> {
    const values = {
      code: g.code,
      name: g.name,
      aliases: json(g.aliases),
      domains: json(g.domains),
      domain_url: g.domainUrl,
      image_list: json(g.imageList),
      cycle_time: g.cycleTime,
      wecom_config: g.weCom ? json(g.weCom) : null,
      feishu_config: g.feishu ? json(g.feishu) : null,
      callback_origins: json(g.callbackOrigins),
      is_default: g.isDefault ? 1 : 0,
      sort_order: g.sortOrder,
    };
    const { code: _code, ...changes } = values;
    await this.db.insertInto('client_groups').values(values).onConflict((oc) => oc.column('code').doUpdateSet(changes)).execute();
    await this.catalogChanged();
  }

  async listApps(groupCode: string): Promise<App[]> {
    if (this.db.isTransaction) return this.readApps(groupCode);
    return this.catalog.listApps(groupCode, this.readCatalogVersion, () => this.readApps(groupCode));
  }

  private async readApps(groupCode: string): Promise<App[]> {
    const rows = await this.db
      .selectFrom('apps').selectAll().where('group_code', '=', groupCode).orderBy('sort_order').orderBy('id').execute();
    return rows.map(toApp);
  }

  async upsertApp(a: App): Promise<void> {
    const values = {
      id: a.id,
      group_code: a.groupCode,
      name: a.name,
      logo: a.logo,
      intro: a.intro,
      auto_login_url: a.autoLoginUrl,
      sort_order: a.sortOrder,
      visible: a.visible ? 1 : 0,
    };
    const { id: _id, ...changes } = values;
    await this.db.insertInto('apps').values(values).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
    await this.catalogChanged();
  }

  async findIdentity(provider: 'wecom' | 'feishu', externalId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('social_identities').select('user_id')
      .where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst();
    return row ? Number(row.user_id) : null;
  }

  async linkIdentity(provider: 'wecom' | 'feishu', externalId: string, userId: number): Promise<void> {
    await this.db
      .insertInto('social_identities')
      .values({ provider, external_id: externalId, user_id: userId })
      .onConflict((oc) => oc.columns(['provider', 'external_id']).doUpdateSet({ user_id: userId }))
      .execute();
  }

  async createSession(s: Session): Promise<void> {
    await this.db.insertInto('sessions').values({
      id_hash: s.idHash, user_id: s.userId, username: s.username, created_at: s.createdAt, last_seen_at: s.lastSeenAt,
    }).execute();
    this.cachesSessions?.put(s);
  }

  async findSession(idHash: string): Promise<Session | null> {
    const cache = this.cachesSessions;
    const cached = cache?.get(idHash);
    if (cached) return cached;
    const readStartedAt = cache?.readStarted() ?? 0;
    const session = await this.readSession(idHash);
    if (session) cache?.putRead(session, readStartedAt);
    return session;
  }

  private async readSession(idHash: string): Promise<Session | null> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    if (!row) return null;
    return {
      idHash: row.id_hash,
      userId: Number(row.user_id),
      username: row.username,
      createdAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at),
    };
  }

  async touchSession(idHash: string, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
    this.cachesSessions?.touched(idHash, at);
  }

  // Removals drop the copy before the DELETE (a missing copy only costs a read) and again once the
  // DELETE has committed: a read running meanwhile may have found the row still there.
  private async removeSessions(forget: (cache: SessionCache) => void, remove: () => Promise<unknown>): Promise<void> {
    const cache = this.sessionCache;
    if (cache) forget(cache);
    await remove();
    if (!cache) return;
    if (this.db.isTransaction) this.sessionRemovals.push(() => forget(cache));
    else forget(cache);
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.removeSessions((cache) => cache.forget(idHash),
      () => this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute());
  }

  async deleteUserSessions(userId: number): Promise<void> {
    await this.removeSessions((cache) => cache.forgetUser(userId),
      () => this.db.deleteFrom('sessions').where('user_id', '=', userId).execute());
  }

  async purgeSessions(createdBefore: number): Promise<void> {
    await this.removeSessions((cache) => cache.clear(),
      () => this.db.deleteFrom('sessions').where('created_at', '<', createdBefore).execute());
  }

  async lockedUntil(username: string): Promise<number> {
    const row = await this.db.selectFrom('login_failures').select('locked_until').where('username', '=', username).executeTakeFirst();
    return row ? Number(row.locked_until) : 0;
  }

  async recordFailure(username: string, now: number, windowMs: number, max: number, lockMs: number): Promise<FailureCount> {
    const windowOpen = sql<boolean>`login_failures.window_start > ${now - windowMs}`;
    const count = sql<number>`case when ${windowOpen} then login_failures.failure_count + 1 else 1 end`;
    const row = await this.db
      .insertInto('login_failures')
      .values({ username, failure_count: 1, window_start: now, locked_until: max <= 1 ? now + lockMs : 0 })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({
          failure_count: count,
          window_start: sql<number>`case when ${windowOpen} then login_failures.window_start else ${now} end`,
          locked_until: sql<number>`case when ${count} >= ${max} then ${now + lockMs} else login_failures.locked_until end`,
        }),
      )
      .returning(['failure_count', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { failureCount: Number(row.failure_count), lockedUntil: Number(row.locked_until) };
  }

  async clearFailures(username: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', username).execute();
  }

  async getQuota(phone: string): Promise<SmsQuota | null> {
    const row = await this.db.selectFrom('sms_quota').selectAll().where('phone', '=', phone).executeTakeFirst();
    if (!row) return null;
    const quota: SmsQuota = { phone: row.phone, lastSentAt: Number(row.last_sent_at), day: row.day, dayCount: row.day_count };
    if (row.last_sent_by_purpose !== null) quota.lastSentByPurpose = JSON.parse(row.last_sent_by_purpose) as SmsQuota['lastSentByPurpose'];
    return quota;
  }

  async saveQuota(q: SmsQuota): Promise<void> {
    const changes = {
      last_sent_at: q.lastSentAt,
      last_sent_by_purpose: q.lastSentByPurpose ? JSON.stringify(q.lastSentByPurpose) : null,
      day: q.day,
      day_count: q.dayCount,
    };
    await this.db.insertInto('sms_quota').values({ phone: q.phone, ...changes })
      .onConflict((oc) => oc.column('phone').doUpdateSet(changes)).execute();
  }

  async saveCode(c: SmsCode): Promise<void> {
    const changes = { code_hash: c.codeHash, expires_at: c.expiresAt, attempts: c.attempts };
    await this.db.insertInto('sms_codes').values({ phone: c.phone, purpose: c.purpose, ...changes })
      .onConflict((oc) => oc.columns(['phone', 'purpose']).doUpdateSet(changes)).execute();
  }

  async getCode(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null> {
    const row = await this.db.selectFrom('sms_codes').selectAll()
      .where('phone', '=', phone).where('purpose', '=', purpose).executeTakeFirst();
    if (!row) return null;
    return { phone: row.phone, purpose, codeHash: row.code_hash, expiresAt: Number(row.expires_at), attempts: row.attempts };
  }

  async countCodeTry(phone: string, purpose: SmsCode['purpose']): Promise<SmsCode | null> {
    // One statement: parallel tries queue on the row lock and each gets its own count back.
    const row = await this.db.updateTable('sms_codes').set({ attempts: sql<number>`attempts + 1` })
      .where('phone', '=', phone).where('purpose', '=', purpose)
      .returning(['code_hash', 'expires_at', 'attempts']).executeTakeFirst();
    if (!row) return null;
    return { phone, purpose, codeHash: row.code_hash, expiresAt: Number(row.expires_at), attempts: Number(row.attempts) };
  }

  async claimUntil(key: string, until: number, now: number): Promise<boolean> {
    // One statement: a free key is inserted, an expired one taken over, a held one left alone.
    const row = await this.db.insertInto('used_nonces').values({ nonce: key, expires_at: until })
      .onConflict((oc) => oc.column('nonce').doUpdateSet({ expires_at: until }).where('used_nonces.expires_at', '<=', now))
      .returning('nonce').executeTakeFirst();
    return row !== undefined;
  }

  async deleteCode(phone: string, purpose: SmsCode['purpose'], codeHash: string): Promise<boolean> {
    // One statement: of two parallel deletes of the same row, only one reports a deleted row.
    const result = await this.db.deleteFrom('sms_codes')
      .where('phone', '=', phone).where('purpose', '=', purpose).where('code_hash', '=', codeHash).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async rememberNonce(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
    const inserted = await this.db.insertInto('used_nonces').values({ nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.column('nonce').doNothing()).returning('nonce').executeTakeFirst();
    return inserted !== undefined;
  }

  async recordLogin(a: LoginAttempt): Promise<void> {
    await this.db.insertInto('login_audit').values({
      username: a.username, at: a.at, ip: a.ip, method: a.method, result: a.result, client_id: a.clientId,
    }).execute();
  }

  async listLoginAudit(limit: number): Promise<LoginAttempt[]> {
    const rows = await this.db.selectFrom('login_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      username: r.username, at: Number(r.at), ip: r.ip, method: r.method as LoginAttempt['method'],
      result: r.result, clientId: r.client_id,
    }));
  }

  async getMeta(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row ? row.value : null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db.insertInto('meta').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
  }

  async transaction<T>(work: (repo: Repository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    let inside: KyselyStore | null = null;
    try {
      return await this.db.transaction().execute((trx: Transaction<Database>) => {
        inside = new KyselyStore(trx, undefined, this.catalog, this.sessionCache);
        return work(inside);
      });
    } finally {
      // Reads between the write and the commit may have cached the rows as they were before.
      const store = inside as KyselyStore | null;
      if (store?.wroteCatalog) this.catalog.invalidate();
      for (const forgetAgain of store?.sessionRemovals ?? []) forgetAgain();
    }
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}

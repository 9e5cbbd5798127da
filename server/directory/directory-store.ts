// The directories and what the directory slice keeps about their accounts: each directory's
// configuration (bind password sealed with the server's SecretBox, opened only to bind), its last
// sync, a lease so that one instance at a time syncs it, and the bulk reads and writes a sync needs
// (one query for every account of a directory, not one per person).
import type { SecretBox } from '../crypto/secret-box.ts';
import type { SqlScope } from '../storage/sql-scope.ts';
import type { DirectorySyncResult } from '../../contract/endpoints/console-directories.ts';
import type { DirectoryConfig } from './directory-config.ts';

export interface StoredDirectory {
  config: DirectoryConfig;
  position: number;
  lastSync: DirectorySyncResult | null;
  updatedAt: number;
}

export interface DirectoryAccount {
  userId: number;
  username: string;
  phone: string | null;
  kind: 'staff' | 'dealer';
  disabled: boolean;
  displayName: string | null;
}

/** What a directory entry sets on its account here (the sync and the sign-in). */
export interface DirectoryAccountFields {
  phone: string | null;
  kind: 'staff' | 'dealer';
  displayName: string | null;
}

export interface DirectoryMembership {
  userId: number;
  groupCode: string;
}

/** Rows per multi-row statement: well below SQLite's 32,766 bound parameters at 10 columns. */
const CHUNK = 500;

interface Row { id: string; position: number; config: string; last_sync: string | null; updated_at: number }

const toStored = (row: Row): StoredDirectory => ({
  // Directories stored before `kind` existed are LDAP ones (only they could write passwords back).
  config: { kind: 'ldap', ...(JSON.parse(row.config) as Partial<DirectoryConfig>) } as DirectoryConfig,
  position: Number(row.position),
  // Results stored before `skipped` was reported count none.
  lastSync: row.last_sync ? { skipped: 0, skippedExamples: [], ...(JSON.parse(row.last_sync) as Partial<DirectorySyncResult>) } as DirectorySyncResult : null,
  updatedAt: Number(row.updated_at),
});

export class DirectoryStore {
  constructor(private readonly scope: SqlScope, private readonly secretBox: SecretBox) {}

  private get db() {
    return this.scope.db;
  }

  /** Every directory, in the order they were added. */
  async list(): Promise<StoredDirectory[]> {
    const rows = await this.db.selectFrom('directories').select(['id', 'position', 'config', 'last_sync', 'updated_at']).orderBy('position').execute();
    return rows.map(toStored);
  }

  async get(id: string): Promise<StoredDirectory | null> {
    const row = await this.db.selectFrom('directories').select(['id', 'position', 'config', 'last_sync', 'updated_at']).where('id', '=', id).executeTakeFirst();
    return row ? toStored(row) : null;
  }

  /** The bind password in plain text, for the bind itself only. */
  async bindPassword(id: string): Promise<string> {
    const row = await this.db.selectFrom('directories').select('bind_password').where('id', '=', id).executeTakeFirstOrThrow();
    return this.secretBox.open(row.bind_password);
  }

  async insert(config: DirectoryConfig, bindPassword: string, now: number): Promise<void> {
    const last = await this.db.selectFrom('directories').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
    await this.db.insertInto('directories').values({
      id: config.id, position: Number(last?.max ?? 0) + 1, config: JSON.stringify(config),
      bind_password: this.secretBox.seal(bindPassword), last_sync: null, updated_at: now,
    }).execute();
  }

  /** false when `expectedUpdatedAt` is given and the row changed since (or is gone). */
  async update(config: DirectoryConfig, bindPassword: string | null, now: number, expectedUpdatedAt: number | null): Promise<boolean> {
    let query = this.db.updateTable('directories')
      .set({ config: JSON.stringify(config), updated_at: now, ...(bindPassword !== null ? { bind_password: this.secretBox.seal(bindPassword) } : {}) })
      .where('id', '=', config.id);
    if (expectedUpdatedAt !== null) query = query.where('updated_at', '=', expectedUpdatedAt);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('directories').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setLastSync(id: string, result: DirectorySyncResult): Promise<void> {
    await this.db.updateTable('directories').set({ last_sync: JSON.stringify(result) }).where('id', '=', id).execute();
  }

  /** Takes the directory's sync lease until `until` when it is free (one sync at a time across instances). */
  async takeSyncLease(id: string, now: number, until: number): Promise<boolean> {
    const result = await this.db.updateTable('directories').set({ sync_lease_until: until })
      .where('id', '=', id).where('sync_lease_until', '<=', now).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async releaseSyncLease(id: string): Promise<void> {
    await this.db.updateTable('directories').set({ sync_lease_until: 0 }).where('id', '=', id).execute();
  }

  /** Every account that came from the directory. */
  async accounts(directoryId: string): Promise<DirectoryAccount[]> {
    const rows = await this.db.selectFrom('users').select(['id', 'username', 'phone', 'kind', 'disabled', 'display_name'])
      .where('directory_id', '=', directoryId).execute();
    return rows.map((r) => ({
      userId: Number(r.id), username: r.username, phone: r.phone, kind: r.kind === 'dealer' ? 'dealer' : 'staff', disabled: Number(r.disabled) === 1,
      displayName: r.display_name ?? null,
    }));
  }

  /** Phones held by accounts other than the directory's own (a directory phone that clashes is left out). */
  async phonesOutside(directoryId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('users').select('phone')
      .where('phone', 'is not', null).where((eb) => eb.or([eb('directory_id', 'is', null), eb('directory_id', '!=', directoryId)])).execute();
    return new Set(rows.map((r) => r.phone!));
  }

  /** New directory accounts, many rows per statement; answers their ids by username. */
  async insertAccounts(directoryId: string, accounts: ({ username: string } & DirectoryAccountFields)[], now: number): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let i = 0; i < accounts.length; i += CHUNK) {
      const rows = await this.db.insertInto('users').values(accounts.slice(i, i + CHUNK).map((a) => ({
        username: a.username, phone: a.phone, password_hash: '', password_changed_at: now, must_change_password: 0, kind: a.kind,
        created_at: now, is_admin: 0, directory_id: directoryId, display_name: a.displayName,
      }))).returning(['id', 'username']).execute();
      for (const r of rows) ids.set(r.username, Number(r.id));
    }
    return ids;
  }

  /** Memberships the directory gives, many rows per statement (see addMembership). */
  async addMemberships(directoryId: string, memberships: DirectoryMembership[]): Promise<void> {
    for (let i = 0; i < memberships.length; i += CHUNK) {
      await this.db.insertInto('group_members')
        .values(memberships.slice(i, i + CHUNK).map((m) => ({ user_id: m.userId, group_code: m.groupCode, granted: 0, directory_id: directoryId })))
        .onConflict((c) => c.columns(['user_id', 'group_code']).doUpdateSet({ directory_id: directoryId })).execute();
    }
  }

  async updateAccount(userId: number, change: DirectoryAccountFields): Promise<void> {
    await this.db.updateTable('users').set({ phone: change.phone, kind: change.kind, display_name: change.displayName }).where('id', '=', userId).execute();
  }

  /** Makes a local account a directory account on purpose (link-directory-account): its local password goes. */
  async linkAccount(userId: number, directoryId: string): Promise<void> {
    await this.db.updateTable('users').set({ directory_id: directoryId, password_hash: '', must_change_password: 0 }).where('id', '=', userId).execute();
  }

  /** The memberships the directory's mappings gave. */
  async memberships(directoryId: string): Promise<DirectoryMembership[]> {
    const rows = await this.db.selectFrom('group_members').select(['user_id', 'group_code']).where('directory_id', '=', directoryId).execute();
    return rows.map((r) => ({ userId: Number(r.user_id), groupCode: r.group_code }));
  }

  /** The memberships of one account the directory gave. */
  async membershipsOf(userId: number, directoryId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('group_members').select('group_code').where('user_id', '=', userId).where('directory_id', '=', directoryId).execute();
    return rows.map((r) => r.group_code);
  }

  /** The directory now gives the membership (an administrator's grant of it, if any, stays as it is). */
  async addMembership(userId: number, groupCode: string, directoryId: string): Promise<void> {
    await this.db.insertInto('group_members').values({ user_id: userId, group_code: groupCode, granted: 0, directory_id: directoryId })
      .onConflict((c) => c.columns(['user_id', 'group_code']).doUpdateSet({ directory_id: directoryId })).execute();
  }

  /** The directory no longer gives it: gone unless an administrator granted it too. */
  async removeMembership(userId: number, groupCode: string): Promise<void> {
    await this.db.deleteFrom('group_members').where('user_id', '=', userId).where('group_code', '=', groupCode).where('granted', '=', 0).execute();
    await this.db.updateTable('group_members').set({ directory_id: null }).where('user_id', '=', userId).where('group_code', '=', groupCode).execute();
  }

  /** Which memberships of the account an administrator granted and which a directory gave (the console shows both). */
  async membershipSources(userId: number): Promise<{ granted: string[]; directory: string[] }> {
    const rows = await this.db.selectFrom('group_members').select(['group_code', 'granted', 'directory_id']).where('user_id', '=', userId).orderBy('group_code').execute();
    return {
      granted: rows.filter((r) => Number(r.granted) === 1).map((r) => r.group_code),
      directory: rows.filter((r) => r.directory_id !== null).map((r) => r.group_code),
    };
  }
}

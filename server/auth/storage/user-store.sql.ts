// UserStore on kysely: the same queries serve SQLite and PostgreSQL.
import { sql, type Selectable } from 'kysely';
import type { UsersTable } from '../../storage/schema.ts';
import type { SqlScope } from '../../storage/sql-scope.ts';
import type { MessengerProvider, NewUser, User, UserSearch, UserStore } from '../../records/user.ts';

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: Number(row.id),
    username: row.username,
    phone: row.phone,
    passwordHash: row.password_hash,
    passwordChangedAt: Number(row.password_changed_at),
    mustChangePassword: row.must_change_password === 1,
    kind: row.kind === 'dealer' ? 'dealer' : 'staff',
    isAdmin: Number(row.is_admin) === 1,
    disabled: Number(row.disabled) === 1,
    createdAt: Number(row.created_at),
    directoryId: row.directory_id ?? null,
    displayName: row.display_name ?? null,
  };
}

/** LIKE pattern for `text` anywhere, with its own % and _ taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class SqlUserStore implements UserStore {
  constructor(private readonly scope: SqlScope) {}

  private get db() {
    return this.scope.db;
  }

  async findUserByName(username: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findUserByPhone(phone: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findUsernames(usernames: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < usernames.length; i += 500) {
      const rows = await this.db.selectFrom('users').select('username').where('username', 'in', usernames.slice(i, i + 500)).execute();
      for (const r of rows) found.add(r.username);
    }
    return found;
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
        is_admin: user.isAdmin ? 1 : 0,
        directory_id: user.directoryId ?? null,
        display_name: user.displayName ?? null,
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

  async searchUsers(search: UserSearch): Promise<{ users: User[]; total: number }> {
    let query = this.db.selectFrom('users');
    if (search.text) {
      const pattern = containing(search.text);
      query = query.where((eb) => eb.or([
        eb('username', 'like', sql<string>`${pattern} escape '\\'`),
        eb('phone', 'like', sql<string>`${pattern} escape '\\'`),
      ]));
    }
    if (search.groupCode) {
      const groupCode = search.groupCode;
      query = query.where('id', 'in', (eb) => eb.selectFrom('group_members').select('user_id').where('group_code', '=', groupCode));
    }
    const [{ total }] = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).execute() as [{ total: number | string }];
    const rows = await query.selectAll().orderBy('id').offset(search.offset).limit(search.limit).execute();
    return { users: rows.map(toUser), total: Number(total) };
  }

  async hasAnyUser(): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  async countActiveAdmins(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_admin', '=', 1).where('disabled', '=', 0).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setAdmin(userId: number, admin: boolean): Promise<void> {
    await this.db.updateTable('users').set({ is_admin: admin ? 1 : 0 }).where('id', '=', userId).execute();
  }

  async setDisabled(userId: number, disabled: boolean): Promise<void> {
    await this.db.updateTable('users').set({ disabled: disabled ? 1 : 0 }).where('id', '=', userId).execute();
  }

  async findIdentity(provider: MessengerProvider, externalId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('social_identities').select('user_id')
      .where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst();
    return row ? Number(row.user_id) : null;
  }

  async linkIdentity(provider: MessengerProvider, externalId: string, userId: number): Promise<void> {
    await this.db
      .insertInto('social_identities')
      .values({ provider, external_id: externalId, user_id: userId })
      .onConflict((oc) => oc.columns(['provider', 'external_id']).doUpdateSet({ user_id: userId }))
      .execute();
  }
}

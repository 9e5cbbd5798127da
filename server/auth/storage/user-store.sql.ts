// UserStore on kysely: the same queries serve SQLite and PostgreSQL.
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../storage/schema.ts';
import type { SqlScope } from '../../storage/sql-scope.ts';
import type { MessengerProvider, NewUser, User, UserStore } from './user-store.ts';

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

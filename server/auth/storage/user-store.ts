// Accounts and the messenger identities (WeCom userid, Feishu union_id) linked to them: durable
// data, always in the database.
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

export type MessengerProvider = 'wecom' | 'feishu';

export interface UserStore {
  findUserByName(username: string): Promise<User | null>;
  findUserByPhone(phone: string): Promise<User | null>;
  findUserById(id: number): Promise<User | null>;
  insertUser(user: NewUser): Promise<User>;
  updatePassword(userId: number, passwordHash: string, changedAt: number, mustChange: boolean): Promise<void>;
  findIdentity(provider: MessengerProvider, externalId: string): Promise<number | null>;
  linkIdentity(provider: MessengerProvider, externalId: string, userId: number): Promise<void>;
}

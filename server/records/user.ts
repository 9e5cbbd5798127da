// Accounts and the messenger identities (WeCom userid, Feishu union_id) linked to them: durable
// data, always in the database (auth/storage/user-store.sql.ts). The auth slice keeps them; the
// record and its store are here because nearly every slice reads an account, and several of them
// from files the context reaches (console/setup-state.ts, embedding/, oidc/).
export interface User {
  id: number;
  username: string;
  phone: string | null;
  passwordHash: string;
  passwordChangedAt: number;
  mustChangePassword: boolean;
  kind: 'staff' | 'dealer';
  /** An administrator of the operator console (a flag, not a group). */
  isAdmin: boolean;
  /** Disabled by an administrator: no sign-in by any method. */
  disabled: boolean;
  createdAt: number;
  /** The company directory the account came from (server/directory/): it has no password here. */
  directoryId: string | null;
  /** The person's name, where a directory gives one; the apps' `name` (displayNameOf). */
  displayName: string | null;
}

export type NewUser = Omit<User, 'id' | 'isAdmin' | 'disabled' | 'createdAt' | 'directoryId' | 'displayName'> & {
  isAdmin?: boolean; directoryId?: string | null; displayName?: string | null;
};

/**
 * The name the apps get (OIDC `name`, CAS and SAML `name`): the person's name, else the username.
 * A rule of the record alone (it imports nothing), kept with it so the three protocols read one.
 */
export const displayNameOf = (user: { username: string; displayName: string | null }): string => user.displayName ?? user.username;

export interface UserSearch {
  /** Part of a username or phone number. */
  text?: string;
  /** Only members of this client group. */
  groupCode?: string;
  offset: number;
  limit: number;
}

export type MessengerProvider = 'wecom' | 'feishu';

export interface UserStore {
  findUserByName(username: string): Promise<User | null>;
  findUserByPhone(phone: string): Promise<User | null>;
  /** Which of `usernames` some account already has. */
  findUsernames(usernames: string[]): Promise<Set<string>>;
  findUserById(id: number): Promise<User | null>;
  insertUser(user: NewUser): Promise<User>;
  updatePassword(userId: number, passwordHash: string, changedAt: number, mustChange: boolean): Promise<void>;
  findIdentity(provider: MessengerProvider, externalId: string): Promise<number | null>;
  linkIdentity(provider: MessengerProvider, externalId: string, userId: number): Promise<void>;
  /** Accounts by username, oldest first, with the number that match. */
  searchUsers(search: UserSearch): Promise<{ users: User[]; total: number }>;
  /** True when any account exists (a deployment set up before the console had accounts but maybe no administrator). */
  hasAnyUser(): Promise<boolean>;
  /** How many enabled administrators there are. */
  countActiveAdmins(): Promise<number>;
  setAdmin(userId: number, admin: boolean): Promise<void>;
  setDisabled(userId: number, disabled: boolean): Promise<void>;
}

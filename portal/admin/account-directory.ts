// Where an account and its memberships came from: a directory account (directoryId) has its password
// in the company directory, and its groups split into those the directory mappings gave and those
// an administrator granted (`groups` is their union). The console's group checkboxes edit only the
// granted ones: the server's grant / revoke never touch a directory's membership.
import type { ConsoleAccount } from '../../contract/endpoints/console.ts';

export type AccountOrigin = Pick<ConsoleAccount, 'directoryId' | 'directoryGroups' | 'grantedGroups'>;

export function accountOrigin(account: ConsoleAccount): AccountOrigin {
  return { directoryId: account.directoryId, directoryGroups: account.directoryGroups, grantedGroups: account.grantedGroups };
}

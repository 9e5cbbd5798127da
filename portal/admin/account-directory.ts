// Where an account and its memberships came from: a directory account (directoryId) has its password
// in the company directory, and its groups split into those the directory mappings gave and those
// an administrator granted (ConsoleAccount's directoryId / directoryGroups / grantedGroups; `groups`
// is their union). Read defensively, so an account answered without the fields counts as local.
import type { ConsoleAccount } from '../../contract/endpoints/console.ts';

interface DirectoryFields {
  directoryId?: string | null;
  directoryGroups?: string[];
  grantedGroups?: string[];
}

export interface AccountOrigin {
  /** The directory it came from; null for a local account. */
  directoryId: string | null;
  /** Memberships a directory mapping gave (the sync maintains them). */
  directoryGroups: string[];
  /** Memberships an administrator granted (the console's checkboxes). */
  grantedGroups: string[];
}

export function accountOrigin(account: ConsoleAccount): AccountOrigin {
  const fields = account as ConsoleAccount & DirectoryFields;
  const directoryGroups = fields.directoryGroups ?? [];
  return {
    directoryId: fields.directoryId ?? null,
    directoryGroups,
    grantedGroups: fields.grantedGroups ?? account.groups.filter((code) => !directoryGroups.includes(code)),
  };
}

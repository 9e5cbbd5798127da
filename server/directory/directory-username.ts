// The username a directory person gets here: the directory's value lower-cased (Active Directory
// compares sAMAccountName without case, so "Alice" and "alice" are one person), and only when it is
// a name the portal can carry (letters, digits, . _ -, at most 64); other entries are left out.
import { LOGIN_NAME_MAX_LENGTH } from '../../contract/rules/username.ts';

const DIRECTORY_USERNAME = new RegExp(`^[a-z0-9][a-z0-9._-]{0,${LOGIN_NAME_MAX_LENGTH - 1}}$`);

export function directoryUsername(value: string): string | null {
  const name = value.trim().toLowerCase();
  return DIRECTORY_USERNAME.test(name) ? name : null;
}

// The username a directory person gets here: the directory's value lower-cased (Active Directory
// compares sAMAccountName without case, so "Alice" and "alice" are one person), and only when it is
// a name the portal can carry (letters, digits, . _ -, at most 64); other entries are left out.
import { LOGIN_NAME_MAX_LENGTH } from '../../contract/rules/username.ts';

const DIRECTORY_USERNAME = new RegExp(`^[a-z0-9][a-z0-9._-]{0,${LOGIN_NAME_MAX_LENGTH - 1}}$`);

export function directoryUsername(value: string): string | null {
  const name = value.trim().toLowerCase();
  return DIRECTORY_USERNAME.test(name) ? name : null;
}

/** The longest name kept (a directory's displayName is free text; the apps get it as `name`). */
const DISPLAY_NAME_MAX_LENGTH = 128;

/** The name a directory person gets here (nameAttribute): trimmed, at most 128 characters, or none. */
export function directoryDisplayName(value: string | null): string | null {
  const name = value?.trim().slice(0, DISPLAY_NAME_MAX_LENGTH) ?? '';
  return name === '' ? null : name;
}

// LDAP / Active Directory sign-in and sync: what other rooms use of it.
export { DIRECTORY_USAGE, DirectoryCommandFailed, DirectoryUsageError, runDirectoryCommand } from './directory-cli.ts';
export { changeDirectoryPassword } from './directory-password.ts';
export { storeDirectory } from './directory-save.ts';
export type { DirectoryInput } from './directory-save.ts';
export { checkSignInPassword } from './sign-in-password.ts';

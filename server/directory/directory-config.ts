// A directory's configuration as the server keeps it (the console's ConsoleDirectory without the
// write-only password and the last sync), its defaults, and the checks every way in (console,
// import, CLI) passes before anything is stored: each filter parses (RFC 4515), each URL is an
// ldap:// or ldaps:// address, and in production no password travels in the clear (nor, for an
// Active Directory that writes passwords back, anywhere).
import { FilterParser } from 'ldapts';
import { readFileSync } from 'node:fs';
import { AdminActionError } from '../admin-action-error.ts';
import { DirectoryMessages } from '../../contract/errors.ts';
import { DIRECTORY_CONNECT_TIMEOUT_MS, DIRECTORY_ID_PATTERN, DIRECTORY_KINDS, DIRECTORY_SYNC_MINUTES } from '../../contract/rules/directory.ts';
import type { ConsoleDirectory } from '../../contract/endpoints/console-directories.ts';

export type DirectoryConfig = Omit<ConsoleDirectory, 'hasBindPassword' | 'lastSync' | 'updatedAt'>;

/** What an import file or the console may leave out. */
export const DIRECTORY_DEFAULTS = {
  kind: 'ldap',
  startTls: false,
  caFile: null,
  userFilter: '(objectClass=inetOrgPerson)',
  usernameAttribute: 'uid',
  phoneAttribute: 'mobile',
  nameAttribute: 'cn',
  disabledFilter: null,
  groupMappings: [],
  accountType: 'staff',
  passwordWriteBack: false,
  syncMinutes: DIRECTORY_SYNC_MINUTES.default,
  connectTimeoutMs: DIRECTORY_CONNECT_TIMEOUT_MS.default,
} as const satisfies Partial<DirectoryConfig>;

const bad = (message: string): AdminActionError => new AdminActionError('badInput', message);

function checkFilter(field: string, filter: string): void {
  try {
    FilterParser.parseString(filter);
  } catch {
    throw bad(DirectoryMessages.badFilter(field));
  }
}

/** Refuses a configuration that cannot work; `production` also refuses plain ldap:// without StartTLS. */
export function checkDirectoryConfig(config: DirectoryConfig, production: boolean): void {
  if (!DIRECTORY_ID_PATTERN.test(config.id)) throw bad(DirectoryMessages.badId(config.id));
  if (!(DIRECTORY_KINDS as readonly string[]).includes(config.kind)) throw bad(DirectoryMessages.badKind(String(config.kind)));
  for (const url of config.urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw bad(DirectoryMessages.badUrl(url));
    }
    if ((parsed.protocol !== 'ldap:' && parsed.protocol !== 'ldaps:') || !parsed.hostname || (parsed.pathname !== '' && parsed.pathname !== '/')) {
      throw bad(DirectoryMessages.badUrl(url));
    }
    if (production && parsed.protocol === 'ldap:' && !config.startTls) throw bad(DirectoryMessages.plainLdapInProduction(url));
    // AD refuses a unicodePwd change over plain LDAP; the person's passwords would travel in the clear too.
    if (config.kind === 'active-directory' && config.passwordWriteBack && parsed.protocol === 'ldap:' && !config.startTls) {
      throw bad(DirectoryMessages.adWriteBackNeedsTls(url));
    }
  }
  checkFilter('userFilter', config.userFilter);
  if (config.disabledFilter !== null) checkFilter('disabledFilter', config.disabledFilter);
  if (!Number.isInteger(config.syncMinutes) || config.syncMinutes < DIRECTORY_SYNC_MINUTES.min || config.syncMinutes > DIRECTORY_SYNC_MINUTES.max) {
    throw bad(DirectoryMessages.outOfRange('syncMinutes', DIRECTORY_SYNC_MINUTES.min, DIRECTORY_SYNC_MINUTES.max));
  }
  if (!Number.isInteger(config.connectTimeoutMs) || config.connectTimeoutMs < 100 || config.connectTimeoutMs > DIRECTORY_CONNECT_TIMEOUT_MS.max) {
    throw bad(DirectoryMessages.outOfRange('connectTimeoutMs', 100, DIRECTORY_CONNECT_TIMEOUT_MS.max));
  }
  if (config.caFile !== null) {
    try {
      readFileSync(config.caFile);
    } catch {
      throw bad(DirectoryMessages.caFileUnreadable(config.caFile));
    }
  }
}

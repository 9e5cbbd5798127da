// The console's 目录 section (/api/console/directories/...): company directories (OpenLDAP, Active
// Directory) whose people sign in here by bind and are kept in step by a paged sync
// (docs/directory.md). The console page (portal/admin/) and the server's directory slice both read
// these; the import file's `directories` and the CLI's sync-directory / test-directory call the same
// admin actions.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { NoQuery, Sm2Cipher, strict } from './fields.ts';
import { GROUP_CODE_PATTERN_SOURCE } from '../rules/group-code.ts';
import { DIRECTORY_ID_PATTERN_SOURCE, type DirectoryKind } from '../rules/directory.ts';

const DirectoryId = Type.String({ pattern: DIRECTORY_ID_PATTERN_SOURCE });
const GroupCode = Type.String({ pattern: GROUP_CODE_PATTERN_SOURCE });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** An LDAP search filter (RFC 4515), checked by the server's parser before it is stored. */
const Filter = Text(1024);
/** A distinguished name (RFC 4514). */
const Dn = Text(1024);
const Attribute = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9-]{0,63}$' });

export interface DirectoryGroupMapping {
  /** The directory group's DN. */
  dn: string;
  /** The client group its members belong to here. */
  group: string;
}

/** What one sync changed (the CLI prints the same counts). */
export interface DirectorySyncResult {
  /** Epoch ms the sync ended. */
  at: number;
  /** false: the directory could not be reached or refused us; `error` says why, nothing changed. */
  ok: boolean;
  error: string | null;
  /** People the filter found. */
  found: number;
  created: number;
  updated: number;
  disabled: number;
  membershipsAdded: number;
  membershipsRemoved: number;
  /** Usernames a local account already has (never taken over). */
  clashes: string[];
  /**
   * People left out because their username attribute is no name the portal can carry (letters,
   * digits, . _ -, at most 64): how many, and the first few values as the directory has them.
   */
  skipped: number;
  skippedExamples: string[];
  seconds: number;
}

export interface ConsoleDirectory {
  id: string;
  name: string;
  /** `ldap` or `active-directory`: decides how passwordWriteBack writes a password (contract/rules/directory.ts). */
  kind: DirectoryKind;
  urls: string[];
  startTls: boolean;
  caFile: string | null;
  bindDn: string;
  /** The bind password is write-only: the console only learns whether one is stored. */
  hasBindPassword: boolean;
  baseDn: string;
  userFilter: string;
  usernameAttribute: string;
  phoneAttribute: string;
  nameAttribute: string;
  disabledFilter: string | null;
  groupMappings: DirectoryGroupMapping[];
  accountType: 'staff' | 'dealer';
  passwordWriteBack: boolean;
  syncMinutes: number;
  /** Connect timeout per URL, ms (at most 3000). */
  connectTimeoutMs: number;
  lastSync: DirectorySyncResult | null;
  updatedAt: number;
}

export const listDirectories = endpoint<ConsoleDirectory[]>()({ method: 'GET', path: '/console/directories', query: NoQuery });

export const saveDirectory = endpoint<ConsoleDirectory>()({
  method: 'POST', path: '/console/directories/save',
  body: Type.Object({
    id: DirectoryId,
    name: Text(64),
    kind: Type.Union([Type.Literal('ldap'), Type.Literal('active-directory')]),
    urls: Type.Array(Type.String({ pattern: '^ldaps?://', maxLength: 512 }), { minItems: 1, maxItems: 10 }),
    startTls: Type.Boolean(),
    caFile: Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 1024 })]),
    bindDn: Dn,
    /** SM2-encrypted like every password on the wire; null keeps the stored one (required for a new directory). */
    bindPassword: Type.Union([Type.Null(), Sm2Cipher]),
    baseDn: Dn,
    userFilter: Filter,
    usernameAttribute: Attribute,
    phoneAttribute: Attribute,
    nameAttribute: Attribute,
    disabledFilter: Type.Union([Type.Null(), Filter]),
    groupMappings: Type.Array(Type.Object({ dn: Dn, group: GroupCode }, strict), { maxItems: 200 }),
    accountType: Type.Union([Type.Literal('staff'), Type.Literal('dealer')]),
    passwordWriteBack: Type.Boolean(),
    syncMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
    connectTimeoutMs: Type.Integer({ minimum: 100, maximum: 3000 }),
    /** null: a new directory (refused when the id exists); otherwise the row as read (409 when it changed). */
    expectedUpdatedAt: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]),
  }, strict),
});
export type SaveDirectoryBody = Static<typeof saveDirectory.body>;

export const removeDirectory = endpoint<null>()({
  method: 'POST', path: '/console/directories/remove',
  body: Type.Object({ id: DirectoryId }, strict),
});

/** 测试连接: binds with the stored account and counts the people the filter finds (every page). */
export const testDirectory = endpoint<DirectoryTestResult>()({
  method: 'POST', path: '/console/directories/test',
  body: Type.Object({ id: DirectoryId }, strict),
});
export interface DirectoryTestResult {
  ok: boolean;
  /** The URL that answered. */
  url: string | null;
  found: number | null;
  /** Why it could not (Chinese, from contract/messages.ts): unreachable, TLS refused, bind refused, base DN not found. */
  error: string | null;
}

/** 立即同步: a sync now; answers when it is done. */
export const syncDirectory = endpoint<DirectorySyncResult>()({
  method: 'POST', path: '/console/directories/sync',
  body: Type.Object({ id: DirectoryId }, strict),
});

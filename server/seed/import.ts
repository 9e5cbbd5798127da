// Imports client groups, apps, users and OpenID Connect clients from a JSON file (the demo data
// uses the same format). Groups, apps and clients are upserted; existing users are left as they
// are, so an import can be re-run. Everything of one import commits in one transaction.
import fs from 'node:fs';
import path from 'node:path';
import type { ClientGroup } from '../records/catalog.ts';
import type { Storage, Stores } from '../stores.ts';
import { hashPassword } from '../auth/index.ts';
import { SEED_DIR } from './seed-dir.ts';
import { MOBILE_PATTERN } from '../../contract/rules/phone.ts';
import { CLIENT_ID_PATTERN } from '../oidc/index.ts';
import { checkImportClients, importClients, ImportClientsError, type ImportClient } from '../oidc/index.ts';
import { storeDirectory, type DirectoryInput } from '../directory/index.ts';
import { AdminActionError } from '../admin-action-error.ts';
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';
import { THEME_COLOR_KEYS, THEME_COLOR_PATTERN, THEME_LOGO_PATTERN } from '../../contract/rules/theme.ts';

export interface ImportUser {
  username: string;
  /** Plain password, hashed on import; or give passwordHash (argon2id) to skip the hashing cost. */
  password?: string;
  passwordHash?: string;
  kind: 'staff' | 'dealer';
  phone?: string;
  mustChangePassword?: boolean;
  /** Days since the password was last changed (demo: an aged password). */
  passwordAgeDays?: number;
  links?: { wecom?: string; feishu?: string };
  /** An administrator of the operator console (a new account only; existing ones keep their role). */
  isAdmin?: boolean;
  /** Codes of the client groups the account belongs to (added to, never taken away, by an import). */
  groups?: string[];
}

export interface ImportApp {
  id: string;
  name: string;
  logo: string;
  intro: string;
  autoLoginUrl: string;
  /** Client id of the OpenID Connect client this card signs into (through its initiate_login_uri). */
  oidcClient?: string;
  visible?: boolean;
}

export interface ImportGroup extends Omit<ClientGroup, 'isDefault' | 'sortOrder' | 'domainUrl' | 'staffOnly' | 'theme'> {
  /** The login page's colours and logo: primaryColor, primaryHoverColor, backgroundFrom, backgroundTo (#rrggbb), logoUrl. */
  theme?: GroupTheme | null;
  isDefault?: boolean;
  /** A staff group: self-registered dealers never join it (default false). */
  staffOnly?: boolean;
  domainUrl?: string | null;
  apps?: ImportApp[];
}

export interface ImportFile {
  groups?: ImportGroup[];
  users?: ImportUser[];
  /** OpenID Connect clients, the fields of add-client (oidc/import-clients.ts, docs/oidc.md). */
  clients?: ImportClient[];
  /** Company directories (server/directory, docs/directory.md); the same id again updates it; bindPassword in plain text, sealed when stored. */
  directories?: DirectoryInput[];
}

export const DEMO_DATA_FILE = path.join(SEED_DIR, 'demo-data.json');

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`import file: ${message}`);
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A theme ends up in the widget's stylesheet and an <img src>: only the exact forms pass. */
function checkTheme(theme: unknown, where: string): void {
  if (theme === undefined || theme === null) return;
  check(typeof theme === 'object' && !Array.isArray(theme), `${where} must be an object`);
  const value = theme as Record<string, unknown>;
  for (const key of THEME_COLOR_KEYS) {
    check(typeof value[key] === 'string' && THEME_COLOR_PATTERN.test(value[key]), `${where}.${key} must be a colour #rrggbb`);
  }
  const logo = value.logoUrl;
  check(logo === undefined || logo === null || (typeof logo === 'string' && THEME_LOGO_PATTERN.test(logo)),
    `${where}.logoUrl must be a path on this site (/…) or an https URL`);
}

function themeOf(theme: GroupTheme | null | undefined): GroupTheme | null {
  if (!theme) return null;
  const { primaryColor, primaryHoverColor, backgroundFrom, backgroundTo, logoUrl } = theme;
  return { primaryColor, primaryHoverColor, backgroundFrom, backgroundTo, logoUrl: logoUrl ?? null };
}

export function readImportFile(file: string): ImportFile {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as ImportFile;
  check(data && typeof data === 'object', 'top level must be an object with groups, users and/or clients');
  for (const [i, g] of (data.groups ?? []).entries()) {
    check(isText(g.code) && /^[a-z0-9-]+$/.test(g.code), `groups[${i}].code must be lowercase letters, digits, "-"`);
    check(isText(g.name), `groups[${i}].name is required`);
    check(Array.isArray(g.domains) && g.domains.every(isText), `groups[${i}].domains must be a list of host names`);
    check(Array.isArray(g.imageList ?? []), `groups[${i}].imageList must be a list`);
    check(g.staffOnly === undefined || typeof g.staffOnly === 'boolean', `groups[${i}].staffOnly must be true or false`);
    check(g.requireMfa === undefined || typeof g.requireMfa === 'boolean', `groups[${i}].requireMfa must be true or false`);
    checkTheme(g.theme, `groups[${i}].theme`);
    for (const [j, a] of (g.apps ?? []).entries()) {
      check(isText(a.id) && isText(a.name) && isText(a.autoLoginUrl), `groups[${i}].apps[${j}] needs id, name and autoLoginUrl`);
      check(a.oidcClient === undefined || (isText(a.oidcClient) && CLIENT_ID_PATTERN.test(a.oidcClient)),
        `groups[${i}].apps[${j}].oidcClient must be a client id (1-64 letters, digits, . _ -)`);
    }
  }
  for (const [i, u] of (data.users ?? []).entries()) {
    check(isText(u.username) && /^[a-z0-9]+$/.test(u.username), `users[${i}].username must be lowercase letters and digits`);
    check(isText(u.password) || (isText(u.passwordHash) && u.passwordHash.startsWith('$argon2id$')),
      `users[${i}] needs password (or an argon2id passwordHash)`);
    check(u.phone === undefined || MOBILE_PATTERN.test(u.phone), `users[${i}].phone is not a mainland mobile number`);
    check(u.isAdmin === undefined || typeof u.isAdmin === 'boolean', `users[${i}].isAdmin must be true or false`);
    check(u.groups === undefined || (Array.isArray(u.groups) && u.groups.every(isText)), `users[${i}].groups must be a list of group codes`);
  }
  for (const [i, d] of (data.directories ?? []).entries()) {
    check(d && typeof d === 'object', `directories[${i}] must be an object`);
    check(isText(d.id) && isText(d.name) && Array.isArray(d.urls) && d.urls.every(isText) && isText(d.bindDn) && isText(d.baseDn),
      `directories[${i}] needs id, name, urls, bindDn and baseDn`);
    check(d.bindPassword === undefined || d.bindPassword === null || typeof d.bindPassword === 'string', `directories[${i}].bindPassword must be text`);
    check(d.groupMappings === undefined || (Array.isArray(d.groupMappings) && d.groupMappings.every((m) => isText(m?.dn) && isText(m?.group))),
      `directories[${i}].groupMappings must be a list of { dn, group }`);
  }
  if (data.clients !== undefined) {
    try {
      checkImportClients(data.clients);
    } catch (error) {
      if (error instanceof ImportClientsError) check(false, error.message);
      throw error;
    }
  }
  return data;
}

export interface ImportCounts {
  groups: number;
  apps: number;
  users: number;
  /** Memberships that did not exist before. */
  memberships: number;
  /** OpenID Connect clients new or changed. */
  clients: number;
  /** Secrets generated for new confidential clients imported without one: shown once, stored hashed. */
  clientSecrets: { clientId: string; secret: string }[];
  /** Directories new or changed. */
  directories: number;
  /**
   * Groups whose requireMfa this import turned on: the caller ends their members' one-factor
   * sessions (mfa/group-policy-sessions.ts), as the console's save does.
   */
  mfaTurnedOn: string[];
}

/** users[].groups of the file, for existing and new accounts alike; a code no group has stops the import. */
async function importMemberships(tx: Stores, users: ImportUser[]): Promise<number> {
  const known = new Set((await tx.catalog.listGroups()).map((g) => g.code));
  let added = 0;
  for (const u of users) {
    if (!u.groups?.length) continue;
    const unknown = u.groups.filter((code) => !known.has(code));
    check(unknown.length === 0, `users "${u.username}": no group ${unknown.join(', ')}`);
    const user = await tx.users.findUserByName(u.username);
    if (!user) continue;
    for (const code of u.groups) if (await tx.memberships.grant(user.id, code)) added++;
  }
  return added;
}

/** `httpsOnly`: NODE_ENV=production, where clients' URIs must be https (loopback excepted). */
export async function importData(storage: Storage, data: ImportFile, now: number, httpsOnly = false): Promise<ImportCounts> {
  const newUsers: (ImportUser & { passwordHash: string })[] = [];
  for (const u of data.users ?? []) {
    if (await storage.stores.users.findUserByName(u.username)) continue;
    // Pre-hashed demo users keep every fresh start (and every test app) free of hashing cost.
    newUsers.push({ ...u, passwordHash: u.passwordHash ?? (await hashPassword(u.password!)) });
  }
  let apps = 0;
  const mfaTurnedOn: string[] = [];
  const { memberships, clients } = await storage.transaction(async (tx) => {
    const requiredBefore = new Set((await tx.catalog.listGroups()).filter((g) => g.requireMfa).map((g) => g.code));
    for (const [order, g] of (data.groups ?? []).entries()) {
      if (g.requireMfa === true && !requiredBefore.has(g.code)) mfaTurnedOn.push(g.code);
      await tx.catalog.upsertGroup({
        code: g.code,
        name: g.name,
        aliases: (g.aliases ?? []).map((a) => a.toLowerCase()),
        domains: g.domains.map((d) => d.toLowerCase()),
        domainUrl: g.domainUrl ?? null,
        imageList: g.imageList ?? [],
        cycleTime: g.cycleTime ?? 3,
        weCom: g.weCom ?? null,
        feishu: g.feishu ?? null,
        callbackOrigins: g.callbackOrigins ?? [],
        isDefault: g.isDefault === true,
        sortOrder: order,
        staffOnly: g.staffOnly === true,
        theme: themeOf(g.theme),
        // A second factor for the members (issue 21); absent: as it was.
        ...(g.requireMfa === undefined ? {} : { requireMfa: g.requireMfa }),
      });
      for (const [appOrder, a] of (g.apps ?? []).entries()) {
        const { oidcClient, ...app } = a;
        await tx.catalog.upsertApp({
          ...app, oidcClientId: oidcClient ?? null, groupCode: g.code, sortOrder: appOrder, visible: a.visible !== false,
        });
        apps++;
      }
    }
    for (const u of newUsers) {
      const user = await tx.users.insertUser({
        username: u.username,
        phone: u.phone ?? null,
        passwordHash: u.passwordHash,
        passwordChangedAt: now - (u.passwordAgeDays ?? 0) * 24 * 3600_000,
        mustChangePassword: u.mustChangePassword === true,
        kind: u.kind === 'dealer' ? 'dealer' : 'staff',
        isAdmin: u.isAdmin === true,
      });
      if (u.links?.wecom) await tx.users.linkIdentity('wecom', u.links.wecom, user.id);
      if (u.links?.feishu) await tx.users.linkIdentity('feishu', u.links.feishu, user.id);
    }
    const memberships = await importMemberships(tx, data.users ?? []);
    // After the groups: a client's groups may be ones this file brings.
    const clients = await importClients(tx, data.clients ?? [], now, httpsOnly).catch((error: unknown) => {
      if (error instanceof ImportClientsError) check(false, error.message);
      throw error;
    });
    // After the groups: a directory's mappings may name groups this file brings.
    for (const [i, d] of (data.directories ?? []).entries()) {
      try {
        await storeDirectory({ directories: tx.directories, catalog: tx.catalog, production: httpsOnly, now }, { ...d, bindPassword: d.bindPassword ?? null });
      } catch (error) {
        if (error instanceof AdminActionError) check(false, `directories[${i}] (${d.id}): ${error.message}`);
        throw error;
      }
    }
    return { memberships, clients };
  });
  return {
    groups: data.groups?.length ?? 0, apps, users: newUsers.length, memberships,
    clients: clients.saved, clientSecrets: clients.generatedSecrets, directories: data.directories?.length ?? 0,
    mfaTurnedOn,
  };
}

const DEMO_MEMBERSHIPS_MARKER = 'demo_memberships_seeded';
const DEMO_STAFF_GROUPS_MARKER = 'demo_staff_groups_seeded';
const DEMO_THEMES_MARKER = 'demo_themes_seeded';
const DEMO_ADMIN_MARKER = 'demo_admin_seeded';

/** Seeds the demo data once per database (a marker in meta makes it idempotent). */
export async function seedDemoData(storage: Storage, now: number): Promise<boolean> {
  const { meta } = storage.stores;
  const stamp = new Date(now).toISOString();
  if (await meta.getMeta('demo_seeded')) {
    await upgradeDemoData(storage, stamp);
    return false;
  }
  await importData(storage, readImportFile(DEMO_DATA_FILE), now);
  await meta.setMeta('demo_seeded', stamp);
  await meta.setMeta(DEMO_MEMBERSHIPS_MARKER, stamp);
  await meta.setMeta(DEMO_STAFF_GROUPS_MARKER, stamp);
  await meta.setMeta(DEMO_THEMES_MARKER, stamp);
  await meta.setMeta(DEMO_ADMIN_MARKER, stamp);
  return true;
}

/**
 * A database seeded before memberships, staff groups and themes existed gets the demo's, once each:
 * the demo memberships (only added), the staffOnly flag of the demo's staff groups, and the demo
 * themes of groups without one. The rest of
 * the demo groups is left as it is (an administrator may have changed it since).
 */
async function upgradeDemoData(storage: Storage, stamp: string): Promise<void> {
  const { meta } = storage.stores;
  const demo = readImportFile(DEMO_DATA_FILE);
  if (!(await meta.getMeta(DEMO_ADMIN_MARKER))) {
    // The demo's console administrator, added to a database seeded before the console existed.
    await importData(storage, { users: (demo.users ?? []).filter((u) => u.isAdmin) }, Date.parse(stamp));
    await meta.setMeta(DEMO_ADMIN_MARKER, stamp);
  }
  if (!(await meta.getMeta(DEMO_MEMBERSHIPS_MARKER))) {
    await storage.transaction((tx) => importMemberships(tx, demo.users ?? []));
    await meta.setMeta(DEMO_MEMBERSHIPS_MARKER, stamp);
  }
  if (!(await meta.getMeta(DEMO_STAFF_GROUPS_MARKER))) {
    const staff = new Set((demo.groups ?? []).filter((g) => g.staffOnly === true).map((g) => g.code));
    await storage.transaction(async (tx) => {
      for (const group of await tx.catalog.listGroups()) {
        if (staff.has(group.code) && !group.staffOnly) await tx.catalog.upsertGroup({ ...group, staffOnly: true });
      }
    });
    await meta.setMeta(DEMO_STAFF_GROUPS_MARKER, stamp);
  }
  if (!(await meta.getMeta(DEMO_THEMES_MARKER))) {
    // Groups seeded before themes existed get the demo's look; a theme set since stays.
    const themes = new Map((demo.groups ?? []).map((g) => [g.code, themeOf(g.theme)] as const));
    await storage.transaction(async (tx) => {
      for (const group of await tx.catalog.listGroups()) {
        const theme = themes.get(group.code);
        if (theme && !group.theme) await tx.catalog.upsertGroup({ ...group, theme });
      }
    });
    await meta.setMeta(DEMO_THEMES_MARKER, stamp);
  }
}

export const DEMO_ACCOUNTS = [
  { username: 'zhangwei', password: 'Sso@2026demo', note: '员工，正常登录' },
  { username: 'firstlogin', password: 'Sso@2026first', note: '首次登录须修改密码 (AU00154)' },
  { username: 'agedpwd', password: 'Sso@2026aged', note: '密码已 40 天未修改 (AU00153)' },
  { username: 'dealer01', password: 'Sso@2026dealer', note: '经销商，手机号 13800000001 (短信登录)' },
  { username: 'admin', password: 'Sso@2026admin', note: '管理员，管理控制台 /admin' },
] as const;

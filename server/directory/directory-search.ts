// What the slice reads from a directory, on a connection bound as its service account: one person
// by username (sign-in), every person the filter finds (sync, test), and the members of the mapped
// groups. A username is only ever put in a filter as an EqualityFilter value, which ldapts encodes
// as an assertion value (RFC 4511; its string form escapes * ( ) \ NUL per RFC 4515), so
// `*)(uid=*` is looked up literally. DNs are never built from input: a person's DN is the one the
// directory returned, and group DNs come from the administrator's mappings (RFC 4514 text), compared
// in a normalised form. Searches for many entries are paged (RFC 2696) so no size limit cuts them.
import { AndFilter, EqualityFilter, FilterParser, OrFilter, type Client, type Entry, type Filter } from 'ldapts';
import type { DirectoryConfig } from './directory-config.ts';

/** Small enough for every server's limit (AD's MaxPageSize 1000, slapd's size limit 500). */
export const PAGE_SIZE = 500;

export interface DirectoryPerson {
  dn: string;
  username: string;
  phone: string | null;
  name: string | null;
  /** The person's memberOf values (normalised DNs), when the directory keeps them. */
  memberOf: string[];
}

/** A DN in one spelling for comparing: attribute names and values lower-cased, no spaces around separators. */
export function normaliseDn(dn: string): string {
  return dn.split(/(?<!\\),/).map((rdn) => rdn.split(/(?<!\\)=/).map((part) => part.trim().toLowerCase()).join('=')).join(',');
}

const first = (value: Entry[string] | undefined): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  const text = Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
  return text.length ? text : null;
};
const all = (value: Entry[string] | undefined): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));

function attributesOf(config: DirectoryConfig): string[] {
  return [config.usernameAttribute, config.phoneAttribute, config.nameAttribute, 'memberOf'];
}

function toPerson(entry: Entry, config: DirectoryConfig): DirectoryPerson | null {
  const lower = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k.toLowerCase(), v]));
  const username = first(lower[config.usernameAttribute.toLowerCase()]);
  if (!username) return null;
  return {
    dn: entry.dn,
    username,
    phone: first(lower[config.phoneAttribute.toLowerCase()]),
    name: first(lower[config.nameAttribute.toLowerCase()]),
    memberOf: all(lower['memberof']).map(normaliseDn),
  };
}

const userFilter = (config: DirectoryConfig): Filter => FilterParser.parseString(config.userFilter);

/** The one person with this username (null when none, or when several match: never a guess). */
export async function findPerson(client: Client, config: DirectoryConfig, username: string): Promise<DirectoryPerson | null> {
  const filter = new AndFilter({ filters: [userFilter(config), new EqualityFilter({ attribute: config.usernameAttribute, value: username })] });
  const { searchEntries } = await client.search(config.baseDn, { scope: 'sub', filter, sizeLimit: 2, attributes: attributesOf(config) });
  if (searchEntries.length !== 1) return null;
  return toPerson(searchEntries[0]!, config);
}

/** True when the entry matches the directory's disabledFilter. */
export async function isDisabledEntry(client: Client, config: DirectoryConfig, dn: string): Promise<boolean> {
  if (!config.disabledFilter) return false;
  const { searchEntries } = await client.search(dn, { scope: 'base', filter: FilterParser.parseString(config.disabledFilter), attributes: ['1.1'] });
  return searchEntries.length > 0;
}

/** Every person the user filter finds, every page. */
export async function listPeople(client: Client, config: DirectoryConfig): Promise<DirectoryPerson[]> {
  const { searchEntries } = await client.search(config.baseDn, { scope: 'sub', filter: userFilter(config), attributes: attributesOf(config), paged: { pageSize: PAGE_SIZE } });
  return searchEntries.map((e) => toPerson(e, config)).filter((p): p is DirectoryPerson => p !== null);
}

/** How many people the user filter finds, every page (test-directory). */
export async function countPeople(client: Client, config: DirectoryConfig): Promise<number> {
  let count = 0;
  for await (const page of client.searchPaginated(config.baseDn, { scope: 'sub', filter: userFilter(config), attributes: ['1.1'], paged: { pageSize: PAGE_SIZE } })) {
    count += page.searchEntries.length;
  }
  return count;
}

/** The normalised DNs of the people who match the user filter and the disabledFilter. */
export async function disabledDns(client: Client, config: DirectoryConfig): Promise<Set<string>> {
  if (!config.disabledFilter) return new Set();
  const filter = new AndFilter({ filters: [userFilter(config), FilterParser.parseString(config.disabledFilter)] });
  const { searchEntries } = await client.search(config.baseDn, { scope: 'sub', filter, attributes: ['1.1'], paged: { pageSize: PAGE_SIZE } });
  return new Set(searchEntries.map((e) => normaliseDn(e.dn)));
}

/** Members (normalised DNs) of each mapped group entry, by the group's normalised DN; a group that is gone has none. */
export async function mappedGroupMembers(client: Client, config: DirectoryConfig): Promise<Map<string, Set<string>>> {
  const members = new Map<string, Set<string>>();
  for (const mapping of config.groupMappings) {
    const key = normaliseDn(mapping.dn);
    if (members.has(key)) continue;
    const set = new Set<string>();
    members.set(key, set);
    try {
      // Active Directory hands out a large group's `member` in ranges; ldapts asks for the whole
      // attribute, which slapd and AD below its MaxValRange (1500) answer in one entry. People's
      // memberOf (read with them) covers the rest.
      const { searchEntries } = await client.search(mapping.dn, { scope: 'base', attributes: ['member', 'uniqueMember'] });
      for (const entry of searchEntries) {
        for (const [k, v] of Object.entries(entry)) if (k.toLowerCase() === 'member' || k.toLowerCase() === 'uniquemember') for (const dn of all(v)) set.add(normaliseDn(dn));
      }
    } catch (error) {
      if ((error as { code?: unknown }).code !== 32) throw error;
    }
  }
  return members;
}

/** The group codes `person` gets from the mappings: through the group entry's members or the person's memberOf. */
export function mappedGroupsOf(person: DirectoryPerson, config: DirectoryConfig, members: Map<string, Set<string>>): string[] {
  const dn = normaliseDn(person.dn);
  const codes = new Set<string>();
  for (const mapping of config.groupMappings) {
    const group = normaliseDn(mapping.dn);
    if (members.get(group)?.has(dn) || person.memberOf.includes(group)) codes.add(mapping.group);
  }
  return [...codes].sort();
}

/** The mapped groups of one person (sign-in): reads only the groups that name them. */
export async function personGroupMembers(client: Client, config: DirectoryConfig, person: DirectoryPerson): Promise<Map<string, Set<string>>> {
  const members = new Map<string, Set<string>>();
  const dn = normaliseDn(person.dn);
  for (const mapping of config.groupMappings) {
    const key = normaliseDn(mapping.dn);
    if (members.has(key)) continue;
    const set = new Set<string>();
    members.set(key, set);
    try {
      const filter = new OrFilter({ filters: [new EqualityFilter({ attribute: 'member', value: person.dn }), new EqualityFilter({ attribute: 'uniqueMember', value: person.dn })] });
      const { searchEntries } = await client.search(mapping.dn, { scope: 'base', filter, attributes: ['1.1'] });
      if (searchEntries.length) set.add(dn);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 32) throw error;
    }
  }
  return members;
}

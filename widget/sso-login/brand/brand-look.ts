// The brand look of the login page (issue 15): the group's colours, logo, background images. Read
// from the group config, and cached in localStorage per host and brand attribute so a returning
// visitor sees his brand on the first frame instead of a skeleton. Whatever comes back from the
// cache is checked again: it goes into a stylesheet and an <img src>.
import type { GroupTheme } from '../../../contract/endpoints/catalog.ts';
import { emptyClientGroup, normalizeClientGroup, type ClientGroup } from '../shared/client-group.ts';

/** What the page needs to look like its brand before the group config arrives. */
export interface BrandLook {
  code: string;
  name: string;
  theme: GroupTheme | null;
  imageList: Array<{ fileUrl: string }>;
  cycleTime: number;
}

const CACHE_PREFIX = 'sso-login.brand:';
/** Bumped when the cached shape changes: older entries are ignored. */
const CACHE_VERSION = 1;

/** The entry as stored, checked like a config from the server (colours, logo, images, cycle). */
function normalizeLook(raw: unknown): BrandLook | null {
  const value = raw as { v?: unknown; code?: unknown } | null;
  if (value?.v !== CACHE_VERSION || typeof value.code !== 'string') return null;
  return lookOfGroup(normalizeClientGroup(value));
}

/** One entry per host (ssoDomain) and brand attribute: two brand sites never share a look. */
export function brandCacheKey(ssoDomain: string, brand: string | null): string {
  return `${CACHE_PREFIX}${ssoDomain.toLowerCase()}|${brand ?? ''}`;
}

export function readCachedLook(key: string): BrandLook | null {
  try {
    const text = window.localStorage.getItem(key);
    return text ? normalizeLook(JSON.parse(text)) : null;
  } catch {
    // Unreadable JSON or no storage (privacy mode): the skeleton until the config arrives.
    return null;
  }
}

export function storeLook(key: string, look: BrandLook): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ v: CACHE_VERSION, ...look }));
  } catch {
    // Storage full or unavailable: the next visit shows the skeleton first, nothing worse.
  }
}

export function lookOfGroup(group: ClientGroup): BrandLook {
  const { code, name, theme, imageList, cycleTime } = group;
  return { code, name, theme, imageList, cycleTime };
}

/** The group as far as the cache knows it: the look, no messengers (those wait for the config). */
export function groupOfLook(look: BrandLook): ClientGroup {
  return { ...emptyClientGroup(), ...look };
}

// Administration of the origins a client group registers for embedding and callBacks
// (callbackOrigins, see embed-origins.ts): used by the admin CLI (allow-origin / revoke-origin).
import type { CatalogStore } from '../records/catalog.ts';
import { findGroupByCode } from '../catalog/index.ts';
import { normalizeOrigin } from '../http/origins.ts';

export class OriginAdminError extends Error {}

async function groupByCode(catalog: CatalogStore, code: string | undefined) {
  if (!code) throw new OriginAdminError('missing <group code>');
  const group = findGroupByCode(await catalog.listGroups(), code);
  if (!group) throw new OriginAdminError(`no client group "${code}"`);
  return group;
}

function originOf(value: string | undefined): string {
  const origin = normalizeOrigin(value);
  // An origin is scheme://host[:port]: a path, query or fragment would silently be dropped.
  if (!origin || !value || value.replace(/\/$/, '').toLowerCase() !== origin) {
    throw new OriginAdminError(`"${value ?? ''}" is not an origin like https://dealer.example.com (no path)`);
  }
  return origin;
}

/** Adds `value` to the group's callbackOrigins (idempotent); returns the group's list. */
export async function allowOrigin(catalog: CatalogStore, code: string | undefined, value: string | undefined): Promise<string[]> {
  const group = await groupByCode(catalog, code);
  const origin = originOf(value);
  if (!group.callbackOrigins.some((o) => normalizeOrigin(o) === origin)) {
    group.callbackOrigins = [...group.callbackOrigins, origin];
    await catalog.upsertGroup(group);
  }
  return group.callbackOrigins;
}

/** Removes `value` from the group's callbackOrigins; returns the group's list. */
export async function revokeOrigin(catalog: CatalogStore, code: string | undefined, value: string | undefined): Promise<string[]> {
  const group = await groupByCode(catalog, code);
  const origin = originOf(value);
  group.callbackOrigins = group.callbackOrigins.filter((o) => normalizeOrigin(o) !== origin);
  await catalog.upsertGroup(group);
  return group.callbackOrigins;
}

// Group memberships from an import file (users[].groups, the demo data among them). Existing
// memberships stay; an import only adds, so it can be re-run.
import type { ServerConfig } from '../config.ts';
import { DEMO_DATA_FILE } from '../seed/import.ts';
import fs from 'node:fs';
import { openOidcDatabase, type OidcDb } from './oidc-database.ts';

interface MembershipFile {
  users?: { username: string; groups?: unknown }[];
}

export async function importMemberships(db: OidcDb, file: string): Promise<number> {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as MembershipFile;
  let added = 0;
  for (const [i, user] of (data.users ?? []).entries()) {
    if (user.groups === undefined) continue;
    if (!Array.isArray(user.groups) || !user.groups.every((g) => typeof g === 'string')) {
      throw new Error(`import file: users[${i}].groups must be a list of group codes`);
    }
    const row = await db.selectFrom('users').select('id').where('username', '=', user.username).executeTakeFirst();
    if (!row) continue;
    for (const group of user.groups as string[]) {
      const result = await db.insertInto('group_members').values({ user_id: Number(row.id), group_code: group })
        .onConflict((c) => c.columns(['user_id', 'group_code']).doNothing()).executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return added;
}

/** The demo memberships, once per database (databases seeded before memberships existed too). */
export async function seedDemoMemberships(db: OidcDb): Promise<void> {
  const marker = await db.selectFrom('meta').select('value').where('key', '=', 'demo_memberships_seeded').executeTakeFirst();
  if (marker) return;
  await importMemberships(db, DEMO_DATA_FILE);
  await db.insertInto('meta').values({ key: 'demo_memberships_seeded', value: new Date().toISOString() })
    .onConflict((c) => c.column('key').doNothing()).execute();
}

/** For the admin import command. */
export async function importMembershipsFromFile(config: ServerConfig, file: string): Promise<number> {
  const db = await openOidcDatabase(config);
  try {
    return await importMemberships(db, file);
  } finally {
    await db.destroy();
  }
}

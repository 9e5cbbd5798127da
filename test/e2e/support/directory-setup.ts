// A company directory on a journey's portal, set up as an administrator would: saved through the
// console's API (the same admin action the console's 目录 and the import call) with the bind
// password SM2-encrypted, changed later the same way (the row's updatedAt sent back).
import assert from 'node:assert/strict';
import type { ConsoleDirectory, DirectoryGroupMapping, DirectorySyncResult } from '../../../contract/endpoints/console-directories.ts';
import { HttpClient } from '../../server/scale/http-client.ts';
import { DISABLED_FILTER, PEOPLE_DN, type Slapd } from '../../helpers/slapd.ts';

export interface DirectoryAdmin {
  save(changes: Partial<Omit<ConsoleDirectory, 'hasBindPassword' | 'lastSync' | 'updatedAt'>>): Promise<ConsoleDirectory>;
  /** 立即同步 (POST /console/directories/sync): what it changed. */
  sync(): Promise<DirectorySyncResult>;
}

export async function directoryAdmin(
  portalUrl: string,
  admin: { name: string; password: string },
  slapd: Slapd,
  base: { id: string; name: string; urls: string[]; groupMappings: DirectoryGroupMapping[] },
): Promise<DirectoryAdmin> {
  const client = new HttpClient(portalUrl);
  const signedIn = await client.postJson('/api/console/session', { username: admin.name, password: await client.encrypt(admin.password) });
  assert.equal(signedIn.status, 200, signedIn.text);
  let current: ConsoleDirectory | null = null;
  return {
    async save(changes) {
      const body = {
        id: base.id, name: base.name, urls: base.urls, startTls: false, caFile: null, bindDn: slapd.bindDn,
        bindPassword: current ? null : await client.encrypt(slapd.bindPassword),
        baseDn: PEOPLE_DN, userFilter: '(objectClass=inetOrgPerson)', usernameAttribute: 'uid', phoneAttribute: 'mobile',
        nameAttribute: 'cn', disabledFilter: DISABLED_FILTER, groupMappings: base.groupMappings, accountType: 'staff' as const,
        kind: 'ldap' as const, passwordWriteBack: false, syncMinutes: 1440, connectTimeoutMs: 1000,
        ...(current ? { ...strip(current) } : {}),
        ...changes,
        expectedUpdatedAt: current?.updatedAt ?? null,
      };
      const saved = await client.postJson('/api/console/directories/save', body);
      assert.equal(saved.status, 200, saved.text);
      current = saved.body.data as ConsoleDirectory;
      return current;
    },
    async sync() {
      const answer = await client.postJson('/api/console/directories/sync', { id: base.id });
      assert.equal(answer.status, 200, answer.text);
      return answer.body.data as DirectorySyncResult;
    },
  };
}

function strip(directory: ConsoleDirectory) {
  const { hasBindPassword: _has, lastSync: _last, updatedAt: _at, ...config } = directory;
  return { ...config, bindPassword: null };
}

// A directory configuration for the rig's slapd (test/helpers/slapd.ts), as the admin actions take
// it (server/directory/directory-admin.ts saveDirectory): the portal bind account, people under
// ou=people, carol disabled by employeeType, cn=engineering mapped to `ka` and cn=sales to `icar`.
import type { DirectoryInput } from '../../server/directory/directory-admin.ts';
import { DISABLED_FILTER, groupDn, type Slapd } from './slapd.ts';

export function directoryInput(slapd: Slapd, overrides: Partial<DirectoryInput> = {}): DirectoryInput {
  return {
    id: 'corp',
    name: '公司目录',
    urls: [slapd.url],
    bindDn: slapd.bindDn,
    bindPassword: slapd.bindPassword,
    baseDn: `ou=people,${slapd.baseDn}`,
    userFilter: '(objectClass=inetOrgPerson)',
    usernameAttribute: 'uid',
    phoneAttribute: 'mobile',
    nameAttribute: 'cn',
    disabledFilter: DISABLED_FILTER,
    groupMappings: [{ dn: groupDn('engineering'), group: 'ka' }, { dn: groupDn('sales'), group: 'icar' }],
    connectTimeoutMs: 1000,
    ...overrides,
  };
}

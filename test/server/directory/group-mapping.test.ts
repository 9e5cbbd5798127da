// Which client groups a directory person gets from the mappings (issue 30): through the group
// entry's member / uniqueMember or through the person's own memberOf (Active Directory keeps both;
// a large AD group hands out `member` in ranges, memberOf is whole), with DNs compared whatever
// their case and spacing (RFC 4514 text written by a person is rarely the directory's spelling).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mappedGroupsOf, normaliseDn, type DirectoryPerson } from '../../../server/directory/directory-search.ts';
import { DIRECTORY_DEFAULTS, type DirectoryConfig } from '../../../server/directory/directory-config.ts';

const config: DirectoryConfig = {
  ...DIRECTORY_DEFAULTS, id: 'ad', name: 'AD', urls: ['ldaps://dc.example.com'], bindDn: 'cn=svc', baseDn: 'dc=example,dc=com',
  groupMappings: [
    { dn: 'CN=Engineering, OU=Groups, DC=example, DC=com', group: 'ka' },
    { dn: 'cn=sales,ou=groups,dc=example,dc=com', group: 'icar' },
  ],
};
const person = (memberOf: string[]): DirectoryPerson => ({
  dn: 'CN=Alice Wang,OU=People,DC=example,DC=com', username: 'alice', phone: null, name: 'Alice Wang', memberOf: memberOf.map(normaliseDn),
});

describe('directory group mappings', () => {
  it('a mapped group whose member list names the person, in another spelling of the DN', () => {
    const members = new Map([[normaliseDn(config.groupMappings[0]!.dn), new Set([normaliseDn('cn=alice wang,ou=people,dc=example,dc=com')])]]);
    assert.deepEqual(mappedGroupsOf(person([]), config, members), ['ka']);
  });

  it('a mapped group named only by the person\'s memberOf', () => {
    assert.deepEqual(mappedGroupsOf(person(['cn=Sales,OU=Groups,dc=example,dc=com']), config, new Map()), ['icar']);
  });

  it('neither: no group; an unmapped memberOf gives nothing', () => {
    assert.deepEqual(mappedGroupsOf(person(['cn=other,ou=groups,dc=example,dc=com']), config, new Map()), []);
  });

  it('an escaped comma stays part of its value', () => {
    assert.equal(normaliseDn('CN=Wang\\, Alice , OU=People,DC=Example'), 'cn=wang\\, alice,ou=people,dc=example');
  });
});

// A real OpenLDAP directory for the directory-federation tests, journeys and bench: Debian's
// /usr/sbin/slapd (2.5) started on free 127.0.0.1 ports with its own slapd.conf, data and throw-away
// TLS CA in a temp dir, loaded offline by slapadd (10,000 people in a second or two, where online
// adds take minutes). One per test file; stop() removes everything.
//
// What is in it (baseDn dc=example,dc=com):
//   ou=people   alice / bob / carol (inetOrgPerson: uid, cn, mobile, userPassword); carol has
//               employeeType=disabled, which DISABLED_FILTER matches; plus `bulkPeople` people
//               bulk00001... (password BULK_PASSWORD), all members of cn=bulk.
//   ou=groups   cn=engineering (alice, bob), cn=sales (bob), cn=bulk (every bulk person) as
//               groupOfNames with `member`; the memberOf overlay keeps people's memberOf in step for
//               changes made while it runs (slapadd runs no overlay, so the loader writes memberOf
//               itself).
//   ou=services cn=portal: the portal's bind account (read access to people and groups).
//
// Limits kept as a real directory has them: the default size limit (500) stays, so an unpaged
// search of more people fails with sizeLimitExceeded. slapd also caps a *paged* search's total at
// size.hard unless the searcher has `size.prtotal` (slapd.conf(5) "limits": prtotal defaults to the
// hard limit; checked: without it a paged search of 1,200 people ends in sizeLimitExceeded), so the
// portal account gets size.prtotal=unlimited, as an operator gives a sync account; everyone else
// keeps 500 even when paging.
//
// Unauthenticated binds (a DN with an empty password, RFC 4513 5.1.2; allow bind_anon_dn) are allowed, as many
// directories (Active Directory among them) do: they "succeed" as anonymous, so the portal must
// refuse an empty password itself before any bind.
//
// ACLs: a person may change their own userPassword (so the Password Modify extended operation,
// RFC 3062, works bound as the user); anonymous may only bind; the portal account reads the rest.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';
import { freePort } from './free-port.ts';
import { bindSucceeds, stopAndRemove, waitUntilBinds } from './directory-rig.ts';

const run = promisify(execFile);

export const BASE_DN = 'dc=example,dc=com';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
export const GROUPS_DN = `ou=groups,${BASE_DN}`;
export const PORTAL_BIND_DN = `cn=portal,ou=services,${BASE_DN}`;
export const PORTAL_BIND_PASSWORD = 'Portal-bind-secret-1';
export const ADMIN_DN = `cn=admin,${BASE_DN}`;
export const BULK_PASSWORD = 'Bulk-person-pass-1';
/** Matches carol (and anyone given employeeType=disabled). */
export const DISABLED_FILTER = '(employeeType=disabled)';

export interface SlapdPerson {
  uid: string;
  cn: string;
  mobile?: string;
  password: string;
  disabled?: boolean;
}

/** The fixed people every rig has. */
export const PEOPLE: Record<'alice' | 'bob' | 'carol', SlapdPerson> = {
  alice: { uid: 'alice', cn: 'Alice Wang', mobile: '13700000001', password: 'Alice-dir-pass-1' },
  bob: { uid: 'bob', cn: 'Bob Li', mobile: '13700000002', password: 'Bob-dir-pass-1' },
  carol: { uid: 'carol', cn: 'Carol Zhang', mobile: '13700000003', password: 'Carol-dir-pass-1', disabled: true },
};

/** The fixed groups and their members (uids). */
export const GROUPS: Record<string, string[]> = {
  engineering: ['alice', 'bob'],
  sales: ['bob'],
};

export const personDn = (uid: string): string => `uid=${uid},${PEOPLE_DN}`;
export const groupDn = (cn: string): string => `cn=${cn},${GROUPS_DN}`;
export const bulkUid = (index: number): string => `bulk${String(index).padStart(5, '0')}`;

export interface SlapdOptions {
  /** People bulk00001... to add (all in cn=bulk), loaded offline before start. */
  bulkPeople?: number;
}

export interface Slapd {
  /** ldap://127.0.0.1:<port> (StartTLS offered on it). */
  url: string;
  /** ldaps://127.0.0.1:<port>. */
  ldapsUrl: string;
  /** ldap://localhost:<port>: the same listener by the certificate's DNS name. */
  localhostUrl: string;
  /** ldap://127.0.0.1:<port> where nothing listens (a down server for failover tests). */
  downUrl: string;
  /** The throw-away CA's certificate (PEM path) that signed the server's. */
  caFile: string;
  /** A second CA (PEM path) that did not sign it: for "refused without the right CA". */
  otherCaFile: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  /** The rootdn (cn=admin) and its password, for changes made by the rig. */
  adminDn: string;
  adminPassword: string;
  addPerson(person: SlapdPerson, groups?: string[]): Promise<void>;
  /** Replace (or, with null, delete) attributes of uid=<uid>. */
  modifyPerson(uid: string, changes: Record<string, string | null>): Promise<void>;
  deletePerson(uid: string): Promise<void>;
  addMember(group: string, uid: string): Promise<void>;
  removeMember(group: string, uid: string): Promise<void>;
  /** Reads one person's attributes (as the admin), or null when gone. */
  readPerson(uid: string): Promise<Record<string, string[]> | null>;
  /** Checks a simple bind as the person (true: the password is right). */
  canBind(uid: string, password: string): Promise<boolean>;
  stop(): Promise<void>;
}

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const ADMIN_PASSWORD = 'Rig-admin-secret-1';

export async function startSlapd(options: SlapdOptions = {}): Promise<Slapd> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sso-slapd-'));
  let child: ChildProcess | undefined;
  try {
    const [ldapPort, ldapsPort, downPort] = await distinctPorts(3);
    await mkdir(path.join(dir, 'data'));
    const tls = await makeCertificates(dir);
    const conf = path.join(dir, 'slapd.conf');
    await writeFile(conf, slapdConf(dir, tls));
    const ldif = path.join(dir, 'data.ldif');
    await writeFile(ldif, dataLdif(options.bulkPeople ?? 0));
    await run(SLAPADD, ['-q', '-f', conf, '-l', ldif]);

    const url = `ldap://127.0.0.1:${ldapPort}`;
    const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
    let stderr = '';
    child = spawn(SLAPD, ['-d', '0', '-f', conf, '-h', `${url}/ ${ldapsUrl}/`], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`slapd exited (${code}): ${stderr}`))));
    exited.catch(() => undefined);
    // slapd has no readiness signal of its own: retry a bind as the portal account until it answers.
    await Promise.race([waitUntilBinds(() => new Client({ url, connectTimeout: 1000 }), PORTAL_BIND_DN, PORTAL_BIND_PASSWORD, `slapd at ${url}`, 20_000), exited]);
    const running = child;

    const asAdmin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
      const client = new Client({ url, connectTimeout: 3000 });
      try {
        await client.bind(ADMIN_DN, ADMIN_PASSWORD);
        return await work(client);
      } finally {
        await client.unbind().catch(() => undefined);
      }
    };

    return {
      url, ldapsUrl, localhostUrl: `ldap://localhost:${ldapPort}`, downUrl: `ldap://127.0.0.1:${downPort}`,
      caFile: tls.caFile, otherCaFile: tls.otherCaFile,
      baseDn: BASE_DN, bindDn: PORTAL_BIND_DN, bindPassword: PORTAL_BIND_PASSWORD,
      adminDn: ADMIN_DN, adminPassword: ADMIN_PASSWORD,
      addPerson: (person, groups = []) => asAdmin(async (client) => {
        await client.add(personDn(person.uid), personAttributes(person));
        for (const group of groups) await client.modify(groupDn(group), new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [personDn(person.uid)] }) }));
      }),
      modifyPerson: (uid, changes) => asAdmin((client) => client.modify(personDn(uid), Object.entries(changes).map(([type, value]) => value === null
        ? new Change({ operation: 'delete', modification: new Attribute({ type }) })
        : new Change({ operation: 'replace', modification: new Attribute({ type, values: [value] }) })))),
      deletePerson: (uid) => asAdmin(async (client) => {
        // No refint overlay: take the person out of their groups first, as a directory's tools do.
        const { searchEntries } = await client.search(GROUPS_DN, { scope: 'one', filter: `(member=${personDn(uid)})`, attributes: ['cn'] });
        for (const entry of searchEntries) await client.modify(entry.dn, new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [personDn(uid)] }) }));
        await client.del(personDn(uid));
      }),
      addMember: (group, uid) => asAdmin((client) => client.modify(groupDn(group), new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [personDn(uid)] }) }))),
      removeMember: (group, uid) => asAdmin((client) => client.modify(groupDn(group), new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [personDn(uid)] }) }))),
      readPerson: (uid) => asAdmin(async (client) => {
        try {
          const { searchEntries: [entry] } = await client.search(personDn(uid), { scope: 'base', attributes: ['*', 'memberOf'] });
          if (!entry) return null;
          const out: Record<string, string[]> = {};
          for (const [key, value] of Object.entries(entry)) if (key !== 'dn' && key !== '*') out[key] = ([] as unknown[]).concat(value).map(String);
          return out;
        } catch (error) {
          if ((error as { code?: number }).code === 32) return null;
          throw error;
        }
      }),
      canBind: (uid, password) => bindSucceeds(new Client({ url, connectTimeout: 3000 }), personDn(uid), password),
      stop: () => stopAndRemove(running, dir),
    };
  } catch (error) {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function distinctPorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

export interface TlsFiles { caFile: string; otherCaFile: string; certFile: string; keyFile: string }

/** A throw-away CA, a second CA that signed nothing, and a server certificate for 127.0.0.1 / localhost (also used by samba-ad.ts). */
export async function makeCertificates(dir: string): Promise<TlsFiles> {
  const file = (name: string): string => path.join(dir, name);
  const openssl = (args: string[]): Promise<unknown> => run('openssl', args);
  const makeCa = async (name: string): Promise<void> => {
    await openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', `/CN=${name}`, '-keyout', file(`${name}.key`), '-out', file(`${name}.pem`)]);
  };
  await makeCa('rig-ca');
  await makeCa('other-ca');
  await writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  await openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=localhost',
    '-keyout', file('server.key'), '-out', file('server.csr')]);
  await openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('rig-ca.pem'), '-CAkey', file('rig-ca.key'), '-CAcreateserial',
    '-days', '2', '-extfile', file('server.ext'), '-out', file('server.pem')]);
  return { caFile: file('rig-ca.pem'), otherCaFile: file('other-ca.pem'), certFile: file('server.pem'), keyFile: file('server.key') };
}

function slapdConf(dir: string, tls: TlsFiles): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
TLSCACertificateFile ${tls.caFile}
TLSCertificateFile ${tls.certFile}
TLSCertificateKeyFile ${tls.keyFile}
password-hash {SSHA}
allow bind_anon_dn

database mdb
suffix "${BASE_DN}"
rootdn "${ADMIN_DN}"
rootpw ${ADMIN_PASSWORD}
directory ${dir}/data
maxsize 1073741824
index objectClass eq
index uid eq
index member eq
index employeeType eq
limits dn.exact="${PORTAL_BIND_DN}" size.prtotal=unlimited
overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
access to attrs=userPassword
  by self write
  by anonymous auth
  by * none
access to *
  by dn.exact="${PORTAL_BIND_DN}" read
  by self read
  by * none
`;
}

function personAttributes(person: SlapdPerson): Record<string, string[]> {
  return {
    objectClass: ['inetOrgPerson'],
    uid: [person.uid],
    cn: [person.cn],
    sn: [person.cn.split(' ').pop() ?? person.cn],
    ...(person.mobile ? { mobile: [person.mobile] } : {}),
    ...(person.disabled ? { employeeType: ['disabled'] } : {}),
    userPassword: [person.password],
  };
}

function entryLdif(dn: string, attributes: Record<string, string[]>): string {
  const lines = [`dn: ${dn}`];
  for (const [type, values] of Object.entries(attributes)) for (const value of values) lines.push(`${type}: ${value}`);
  return `${lines.join('\n')}\n\n`;
}

function dataLdif(bulkPeople: number): string {
  const memberOf = new Map<string, string[]>();
  const groups: Record<string, string[]> = { ...GROUPS, bulk: [] };
  for (let index = 1; index <= bulkPeople; index += 1) groups.bulk!.push(bulkUid(index));
  for (const [group, uids] of Object.entries(groups)) for (const uid of uids) memberOf.set(uid, [...(memberOf.get(uid) ?? []), groupDn(group)]);
  const person = (p: SlapdPerson): string => entryLdif(personDn(p.uid), { ...personAttributes(p), ...(memberOf.has(p.uid) ? { memberOf: memberOf.get(p.uid)! } : {}) });
  const parts = [
    entryLdif(BASE_DN, { objectClass: ['dcObject', 'organization'], dc: ['example'], o: ['Example'] }),
    entryLdif(PEOPLE_DN, { objectClass: ['organizationalUnit'], ou: ['people'] }),
    entryLdif(GROUPS_DN, { objectClass: ['organizationalUnit'], ou: ['groups'] }),
    entryLdif(`ou=services,${BASE_DN}`, { objectClass: ['organizationalUnit'], ou: ['services'] }),
    entryLdif(PORTAL_BIND_DN, { objectClass: ['organizationalRole', 'simpleSecurityObject'], cn: ['portal'], userPassword: [PORTAL_BIND_PASSWORD] }),
    ...Object.values(PEOPLE).map(person),
  ];
  for (let index = 1; index <= bulkPeople; index += 1) {
    parts.push(person({ uid: bulkUid(index), cn: `Bulk Person ${index}`, mobile: `139${String(index).padStart(8, '0')}`, password: BULK_PASSWORD }));
  }
  for (const [group, uids] of Object.entries(groups)) {
    // groupOfNames needs at least one member; an empty bulk group names the admin as a placeholder.
    const members = uids.length ? uids.map(personDn) : [ADMIN_DN];
    parts.push(entryLdif(groupDn(group), { objectClass: ['groupOfNames'], cn: [group], member: members }));
  }
  return parts.join('');
}

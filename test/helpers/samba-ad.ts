// A real Active Directory for the directory-federation tests: Debian's Samba 4.17 AD DC, a
// throw-away domain (SAMBA.TEST, DC=samba,DC=test) provisioned by `samba-tool domain provision` in a
// temp dir and run by `samba -i` with its own smb.conf. Provisioning and start take about 3 s here.
//
// Samba runs only its LDAP service (`server services = ldap`: no SMB, Kerberos, DNS, NetBIOS or RPC)
// and only on 127.0.0.1 (`interfaces` + `bind interfaces only`); its host name is given (dc1), so
// neither the machine's hostname nor its DNS is read or changed. Every path (databases, locks, pid
// and log files) is inside the temp dir.
//
// AD's LDAP ports are fixed: Samba 4.17 has no option for them (source4/ldap_server/ldap_server.c
// binds 389 and 636 by number), so the rig takes 127.0.0.1:389 and :636 and only one can run at a
// time on a machine. Every AD test therefore lives in one file (test/server/directory/
// active-directory.test.ts), whose describes run one after another; start() says so clearly when
// the ports are taken.
//
// TLS: Samba's self-signed certificate names only DC1.samba.test (no subjectAltName), which a client
// that connects to 127.0.0.1 rightly refuses; so, as an operator installs a certificate from the
// company CA, the rig gives Samba one from a throw-away CA (slapd.ts's makeCertificates) with
// IP:127.0.0.1. AD's rules stay on: a simple bind over plain ldap:// is refused (`ldap server
// require strong auth` keeps its default), so everything here, the rig's own changes included, goes
// over LDAPS.
//
// What is in it:
//   OU=People   alice / bob / carol (user: sAMAccountName, displayName, mobile, unicodePwd); carol is
//               disabled by userAccountControl ACCOUNTDISABLE (514); plus `bulkPeople` people
//               bulk00001... (enabled, no password: PASSWD_NOTREQD, which skips Samba's Kerberos key
//               derivation and keeps a thousand adds cheap), all in CN=bulk.
//   OU=Groups   CN=engineering (alice, bob), CN=sales (bob), CN=bulk: global security groups with
//               `member`; AD computes each person's memberOf.
//   OU=Services CN=portal: the portal's bind account (AD lets every authenticated user read people).
// Samba accepts a replaced password for NTLM-style checks, LDAP simple binds included, for `old
// password allowed period` (default 60 minutes; Windows' OldPasswordAllowedPeriod is the same idea):
// the rig sets it to 0, as docs/directory.md asks of an operator who wants an old password refused
// at once (checked: with the default, the old password still binds right after the change).
// The databases skip fsync (`ldb:nosync = true`, as Samba's own test environments set it, at
// provisioning too): the domain is thrown away, and fsync was 40 % of seeding a thousand people.
// Password policy: the domain's defaults (complexity, at least 7 characters, history 24) except the
// minimum age, set to 0 as an operator does for self-service changes: with the default 1 day, a
// person could not change the password the rig has just set.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';
import { makeCertificates } from './slapd.ts';
import { bindSucceeds, stopAndRemove, waitUntilBinds } from './directory-rig.ts';

const run = promisify(execFile);

export const REALM = 'SAMBA.TEST';
export const BASE_DN = 'DC=samba,DC=test';
export const PEOPLE_DN = `OU=People,${BASE_DN}`;
export const GROUPS_DN = `OU=Groups,${BASE_DN}`;
export const PORTAL_BIND_DN = `CN=portal,OU=Services,${BASE_DN}`;
export const PORTAL_BIND_PASSWORD = 'Portal-bind-Secret-1';
export const ADMIN_DN = `CN=Administrator,CN=Users,${BASE_DN}`;
const ADMIN_PASSWORD = 'Rig-admin-Secret-1';
/** The AD defaults of docs/directory.md. */
export const AD_USER_FILTER = '(&(objectCategory=person)(objectClass=user))';
export const AD_DISABLED_FILTER = '(userAccountControl:1.2.840.113556.1.4.803:=2)';
/** userAccountControl: NORMAL_ACCOUNT (512), + ACCOUNTDISABLE (2), + PASSWD_NOTREQD (32). */
const UAC = { normal: 512, disabled: 514, noPassword: 544 } as const;

export interface AdPerson {
  sAMAccountName: string;
  displayName: string;
  mobile?: string;
  /** AD's complexity rule refuses a password that contains the account name: none of these do. */
  password: string;
  disabled?: boolean;
}

export const PEOPLE: Record<'alice' | 'bob' | 'carol', AdPerson> = {
  alice: { sAMAccountName: 'alice', displayName: 'Alice Wang', mobile: '13700000011', password: 'Ad-first-Secret-1' },
  bob: { sAMAccountName: 'bob', displayName: 'Bob Li', mobile: '13700000012', password: 'Ad-second-Secret-1' },
  carol: { sAMAccountName: 'carol', displayName: 'Carol Zhang', mobile: '13700000013', password: 'Ad-third-Secret-1', disabled: true },
};

export const GROUPS: Record<string, string[]> = {
  engineering: ['alice', 'bob'],
  sales: ['bob'],
};

export const personDn = (name: string): string => `CN=${name},${PEOPLE_DN}`;
export const groupDn = (cn: string): string => `CN=${cn},${GROUPS_DN}`;
export const bulkName = (index: number): string => `bulk${String(index).padStart(5, '0')}`;

/** A password as AD's unicodePwd takes it: in double quotes, UTF-16LE (MS-ADTS 3.1.1.3.1.5). */
export const unicodePwd = (password: string): Buffer => Buffer.from(`"${password}"`, 'utf16le');

export interface SambaAdOptions {
  /** Enabled people bulk00001... without a password, all in CN=bulk. */
  bulkPeople?: number;
}

export interface SambaAd {
  /** ldaps://127.0.0.1:636. */
  ldapsUrl: string;
  /** ldap://127.0.0.1:389 (StartTLS offered; a simple bind without TLS refused). */
  url: string;
  /** The throw-away CA that signed Samba's certificate (PEM path). */
  caFile: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  /** Seconds `samba-tool domain provision` took, and from spawning samba to its first LDAPS bind. */
  timings: { provisionSeconds: number; startSeconds: number; seedSeconds: number };
  /** Replaces attributes of CN=<name> (as the domain's Administrator). */
  modifyPerson(name: string, changes: Record<string, string>): Promise<void>;
  addMember(group: string, name: string): Promise<void>;
  removeMember(group: string, name: string): Promise<void>;
  /** Checks a simple bind as the person over LDAPS (true: the password is right). */
  canBind(name: string, password: string): Promise<boolean>;
  stop(): Promise<void>;
}

const SAMBA = '/usr/sbin/samba';
const SAMBA_TOOL = '/usr/bin/samba-tool';
const LDAP_PORT = 389;
const LDAPS_PORT = 636;

export async function startSambaAd(options: SambaAdOptions = {}): Promise<SambaAd> {
  await refuseTakenPorts();
  const dir = await mkdtemp(path.join(tmpdir(), 'sso-samba-ad-'));
  let child: ChildProcess | undefined;
  try {
    const tls = await makeCertificates(dir);
    let started = Date.now();
    await run(SAMBA_TOOL, ['domain', 'provision', `--targetdir=${dir}`, `--realm=${REALM}`, '--domain=SAMBATEST', '--server-role=dc',
      '--dns-backend=NONE', '--host-name=dc1', `--adminpass=${ADMIN_PASSWORD}`, '--option=ldb:nosync = true'], { maxBuffer: 16 * 1024 * 1024 });
    const provisionSeconds = (Date.now() - started) / 1000;
    await mkdir(path.join(dir, 'pid'));
    const conf = path.join(dir, 'etc', 'rig.conf');
    await writeFile(conf, smbConf(dir, tls));

    started = Date.now();
    let output = '';
    // -i: foreground, logs on stdout, and Samba ends itself when its stdin closes (so it never
    // outlives a test process that dies). -M single: one process, not a prefork pool, on 2 cores.
    child = spawn(SAMBA, ['-i', '-M', 'single', '-s', conf], { stdio: ['pipe', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer): void => { output = (output + chunk.toString()).slice(-4000); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`samba exited (${code}): ${output}`))));
    exited.catch(() => undefined);
    const ldapsUrl = `ldaps://127.0.0.1:${LDAPS_PORT}`;
    const tlsOptions = { ca: await readFile(tls.caFile), host: '127.0.0.1' };
    const connect = (): Client => new Client({ url: ldapsUrl, connectTimeout: 3000, tlsOptions });
    await Promise.race([waitUntilBinds(connect, ADMIN_DN, ADMIN_PASSWORD, 'samba over LDAPS', 30_000), exited]);
    const startSeconds = (Date.now() - started) / 1000;
    const running = child;

    const asAdmin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
      const client = connect();
      try {
        await client.bind(ADMIN_DN, ADMIN_PASSWORD);
        return await work(client);
      } finally {
        await client.unbind().catch(() => undefined);
      }
    };
    started = Date.now();
    await asAdmin((client) => seed(client, options.bulkPeople ?? 0));
    const seedSeconds = (Date.now() - started) / 1000;
    const member = (operation: 'add' | 'delete', group: string, name: string) => asAdmin((client) => client.modify(groupDn(group),
      new Change({ operation, modification: new Attribute({ type: 'member', values: [personDn(name)] }) })));

    return {
      ldapsUrl, url: `ldap://127.0.0.1:${LDAP_PORT}`, caFile: tls.caFile,
      baseDn: BASE_DN, bindDn: PORTAL_BIND_DN, bindPassword: PORTAL_BIND_PASSWORD,
      timings: { provisionSeconds, startSeconds, seedSeconds },
      modifyPerson: (name, changes) => asAdmin((client) => client.modify(personDn(name), Object.entries(changes).map(([type, value]) =>
        new Change({ operation: 'replace', modification: new Attribute({ type, values: [value] }) })))),
      addMember: (group, name) => member('add', group, name),
      removeMember: (group, name) => member('delete', group, name),
      canBind: (name, password) => bindSucceeds(connect(), personDn(name), password),
      stop: () => stopAndRemove(running, dir),
    };
  } catch (error) {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** AD's ports cannot move: say plainly when something (another AD rig, a real DC) already has them. */
async function refuseTakenPorts(): Promise<void> {
  for (const port of [LDAP_PORT, LDAPS_PORT]) {
    const server = net.createServer();
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    } catch (error) {
      throw new Error(`127.0.0.1:${port} is taken (${(error as NodeJS.ErrnoException).code}): the Samba AD rig needs AD's fixed ports 389 and 636, one rig at a time`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }
}

function smbConf(dir: string, tls: { caFile: string; certFile: string; keyFile: string }): string {
  return `[global]
	netbios name = DC1
	realm = ${REALM}
	workgroup = SAMBATEST
	server role = active directory domain controller
	server services = ldap
	interfaces = 127.0.0.1
	bind interfaces only = yes
	private dir = ${dir}/private
	lock directory = ${dir}
	state directory = ${dir}/state
	cache directory = ${dir}/cache
	pid directory = ${dir}/pid
	binddns dir = ${dir}/bind-dns
	ncalrpc dir = ${dir}/ncalrpc
	winbindd socket directory = ${dir}/winbindd
	ntp signd socket directory = ${dir}/ntp_signd
	log file = ${dir}/samba.log
	old password allowed period = 0
	ldb:nosync = true
	tls enabled = yes
	tls cafile = ${tls.caFile}
	tls certfile = ${tls.certFile}
	tls keyfile = ${tls.keyFile}
`;
}

function userAttributes(person: AdPerson, uac: number, password: string | null): Attribute[] {
  const attributes = [
    new Attribute({ type: 'objectClass', values: ['top', 'person', 'organizationalPerson', 'user'] }),
    new Attribute({ type: 'sAMAccountName', values: [person.sAMAccountName] }),
    new Attribute({ type: 'displayName', values: [person.displayName] }),
    new Attribute({ type: 'userAccountControl', values: [String(uac)] }),
  ];
  if (person.mobile) attributes.push(new Attribute({ type: 'mobile', values: [person.mobile] }));
  if (password !== null) attributes.push(new Attribute({ type: 'unicodePwd', values: [unicodePwd(password)] }));
  return attributes;
}

const ou = (name: string): Attribute[] => [new Attribute({ type: 'objectClass', values: ['top', 'organizationalUnit'] }), new Attribute({ type: 'ou', values: [name] })];

async function seed(client: Client, bulkPeople: number): Promise<void> {
  // Self-service changes right after an administrator's set (the default minimum age is 1 day).
  await client.modify(BASE_DN, new Change({ operation: 'replace', modification: new Attribute({ type: 'minPwdAge', values: ['0'] }) }));
  await client.add(PEOPLE_DN, ou('People'));
  await client.add(GROUPS_DN, ou('Groups'));
  await client.add(`OU=Services,${BASE_DN}`, ou('Services'));
  await client.add(PORTAL_BIND_DN, userAttributes({ sAMAccountName: 'portal', displayName: 'SSO portal', password: PORTAL_BIND_PASSWORD }, UAC.normal, PORTAL_BIND_PASSWORD));
  for (const person of Object.values(PEOPLE)) {
    await client.add(personDn(person.sAMAccountName), userAttributes(person, person.disabled ? UAC.disabled : UAC.normal, person.password));
  }
  const bulk: string[] = [];
  for (let index = 1; index <= bulkPeople; index += 1) {
    const name = bulkName(index);
    await client.add(personDn(name), userAttributes({ sAMAccountName: name, displayName: `Bulk Person ${index}`, password: '' }, UAC.noPassword, null));
    bulk.push(name);
  }
  for (const [group, members] of Object.entries({ ...GROUPS, bulk })) {
    await client.add(groupDn(group), [
      new Attribute({ type: 'objectClass', values: ['top', 'group'] }),
      new Attribute({ type: 'sAMAccountName', values: [group] }),
      ...(members.length ? [new Attribute({ type: 'member', values: members.map(personDn) })] : []),
    ]);
  }
}

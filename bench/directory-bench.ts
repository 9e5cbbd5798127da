// Issue 30's figures: a full sync of 10,000 directory people (a slapd filled offline by slapadd
// through the test rig, test/helpers/slapd.ts) run through the compiled server's 立即同步 (the
// console's admin action), its seconds and the server's resident memory during it (VmRSS sampled
// from /proc every 50 ms, and VmHWM), then a directory sign-in against a local one: doLogin through
// the real server, the two kinds interleaved turn by turn, compared as a ratio within this run (the
// machine is shared: absolute times move with its load, a ratio of interleaved turns much less).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unlimitedEnv } from './child-server.ts';
import { peakResidentMb, RSS_BUDGET_MB, residentMb, startAndTime, stop } from './compiled-server-bench.ts';
import { fmtMs, type BenchRow } from './report.ts';
import { npmStartCommand } from './start-command.ts';
import { sm2Password } from '../test/helpers/sm2-password.ts';
import { bulkUid, BULK_PASSWORD, groupDn, PEOPLE, PEOPLE_DN, startSlapd } from '../test/helpers/slapd.ts';
import { DEMO_ACCOUNTS } from '../server/seed/import.ts';

export const DIRECTORY_PEOPLE = Number(process.env.BENCH_DIRECTORY_PEOPLE ?? 10_000);
const SYNC_BUDGET_S = 60;
const SIGN_IN_RATIO_BUDGET = 1.5;
const SIGN_IN_TURNS = Number(process.env.BENCH_DIRECTORY_TURNS ?? 20);
const ADMIN = { username: 'admin', password: 'Sso@2026admin' };

/** A browser's cookies and XSRF echo, enough for the console's and the sign-in's calls. */
class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly url: string) {}

  async call(method: 'GET' | 'POST', pathName: string, body?: { json?: unknown; form?: Record<string, string> }): Promise<{ status: number; data: any; ms: number }> {
    if (!this.cookies.has('XSRF-TOKEN') && pathName !== '/api/centerAuth/commonConfig/getPublicKeySm2') await this.call('GET', '/api/centerAuth/commonConfig/getPublicKeySm2');
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    let payload: string | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    }
    const started = performance.now();
    const answer = await fetch(this.url + pathName, { method, headers, body: payload });
    const text = await answer.text();
    const ms = performance.now() - started;
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value) this.cookies.set(pair!.slice(0, at), value);
      else this.cookies.delete(pair!.slice(0, at));
    }
    const parsed = JSON.parse(text) as { code: unknown; data: unknown; msg?: string };
    if (answer.status !== 200 || parsed.code !== 200) throw new Error(`${pathName}: HTTP ${answer.status} ${text.slice(0, 300)}`);
    return { status: answer.status, data: parsed.data, ms };
  }

  async encrypt(plain: string): Promise<string> {
    return sm2Password(plain, (await this.call('GET', '/api/centerAuth/commonConfig/getPublicKeySm2')).data as string);
  }

  /** One password sign-in; answers the doLogin request's own time (the key and encryption before it not counted). */
  async signIn(name: string, password: string): Promise<number> {
    const pwd = await this.encrypt(password);
    return (await this.call('POST', '/api/centerAuth/sso/doLogin', { form: { name, pwd, loginType: '0' } })).ms;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function benchDirectory(): Promise<BenchRow[]> {
  const loadStarted = performance.now();
  const slapd = await startSlapd({ bulkPeople: DIRECTORY_PEOPLE });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-bench-directory-'));
  const start = npmStartCommand();
  const server = await startAndTime([...start.nodeFlags, ...start.script], dataDir, { ...start.env, ...unlimitedEnv() });
  const pid = server.child.pid!;
  try {
    const admin = new Session(server.url);
    await admin.call('POST', '/api/console/session', { json: { username: ADMIN.username, password: await admin.encrypt(ADMIN.password) } });
    await admin.call('POST', '/api/console/directories/save', {
      json: {
        id: 'bench', name: '压测目录', urls: [slapd.url], startTls: false, caFile: null, bindDn: slapd.bindDn,
        bindPassword: await admin.encrypt(slapd.bindPassword), baseDn: PEOPLE_DN, userFilter: '(objectClass=inetOrgPerson)',
        usernameAttribute: 'uid', phoneAttribute: 'mobile', nameAttribute: 'cn', disabledFilter: null,
        groupMappings: [{ dn: groupDn('bulk'), group: 'default' }], accountType: 'staff', kind: 'ldap', passwordWriteBack: false,
        syncMinutes: 1440, connectTimeoutMs: 3000, expectedUpdatedAt: null,
      },
    });

    const beforeMb = residentMb(pid);
    let highestMb = beforeMb;
    const sampler = setInterval(() => {
      try {
        highestMb = Math.max(highestMb, residentMb(pid));
      } catch {
        // the process is gone: the sync call fails on its own
      }
    }, 50);
    const syncStarted = performance.now();
    let result: { ok: boolean; error: string | null; found: number; created: number; membershipsAdded: number; seconds: number };
    try {
      result = (await admin.call('POST', '/api/console/directories/sync', { json: { id: 'bench' } })).data;
    } finally {
      clearInterval(sampler);
    }
    const wallSeconds = (performance.now() - syncStarted) / 1000;
    const afterMb = residentMb(pid);
    const hwmMb = peakResidentMb(pid);
    if (!result.ok) throw new Error(`the bench sync failed: ${result.error}`);

    // Interleaved turns: local, directory, local, directory ... each a fresh browser.
    const local = DEMO_ACCOUNTS[0];
    const localMs: number[] = [];
    const directoryMs: number[] = [];
    // One of each first, not counted: the first bind opens code paths and connections.
    await new Session(server.url).signIn(local.username, local.password);
    await new Session(server.url).signIn(bulkUid(1), BULK_PASSWORD);
    for (let turn = 0; turn < SIGN_IN_TURNS; turn++) {
      localMs.push(await new Session(server.url).signIn(local.username, local.password));
      directoryMs.push(await new Session(server.url).signIn(bulkUid(1 + (turn % DIRECTORY_PEOPLE)), BULK_PASSWORD));
    }
    const ratio = median(directoryMs) / median(localMs);
    const mb = (value: number): string => `${value.toFixed(1)} MB`;
    const people = `${DIRECTORY_PEOPLE.toLocaleString('en-US')} people`;
    return [
      {
        section: 'directory',
        name: `full sync of ${people} (slapd filled by slapadd in ${loadSeconds.toFixed(1)} s; 立即同步 on the compiled server)`,
        value: `${wallSeconds.toFixed(1)} s (server's own count ${result.seconds} s; found ${result.found}, created ${result.created}, memberships +${result.membershipsAdded})`,
        budget: `<= ${SYNC_BUDGET_S} s`,
        // The rig's own people (alice, bob, carol) are there too.
        pass: wallSeconds <= SYNC_BUDGET_S && result.found === DIRECTORY_PEOPLE + Object.keys(PEOPLE).length && result.created === result.found,
        data: { people: DIRECTORY_PEOPLE, wallSeconds, result, loadSeconds },
      },
      {
        section: 'directory',
        name: `server resident memory during the sync of ${people} (VmRSS every 50 ms)`,
        value: `highest ${mb(highestMb)}, +${mb(highestMb - beforeMb)} over the ${mb(beforeMb)} before it (after ${mb(afterMb)}, VmHWM ${mb(hwmMb)})`,
        budget: `<= ${RSS_BUDGET_MB} MB`,
        pass: highestMb <= RSS_BUDGET_MB,
        data: { beforeMb, highestMb, afterMb, hwmMb },
      },
      {
        section: 'directory',
        name: `directory sign-in vs local sign-in (doLogin, ${SIGN_IN_TURNS} interleaved turns each, medians)`,
        value: `${ratio.toFixed(2)}x (directory ${fmtMs(median(directoryMs))}, local ${fmtMs(median(localMs))})`,
        budget: `<= ${SIGN_IN_RATIO_BUDGET}x`,
        pass: ratio <= SIGN_IN_RATIO_BUDGET,
        data: { localMs, directoryMs, ratio },
      },
    ];
  } finally {
    await stop(server.child);
    await slapd.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

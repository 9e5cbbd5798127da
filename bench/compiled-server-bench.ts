// The compiled server as `npm start` runs it (node with npm start's V8 flags on
// dist/server/main.js, embedded SQLite, a fresh data dir): start to first answer, and resident
// memory after issue 25's mix, with every slice's code loaded first (SAML, CAS, passkeys, the
// console: loadEverySlice): 20 sign-ins (each with the app list and a sign-out: argon2id's
// memory is part of what is measured) and 180 page and API requests (the login page, the SM2 key,
// OpenID Connect discovery and JWKS, the group detail). The same server run from source through
// the tsx loader (what `npm start` did before issue 16) is measured the same way next to it, for
// comparison only.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { processCpuMs, unlimitedEnv } from './child-server.ts';
import { signIn } from './login-client.ts';
import { fmtMs, type BenchRow } from './report.ts';
import { describeStartCommand, npmStartCommand } from './start-command.ts';
import { freePort } from '../test/helpers/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RSS_BUDGET_MB = 90;
const START_BUDGET_MS = 1000;
export const SIGN_INS = 20;
export const OTHER_REQUESTS = 180;

export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

interface Started {
  child: ChildProcess;
  url: string;
  /** ms from spawn to the first correct API answer. */
  firstAnswerMs: number;
  /** CPU time the server used until then (steady on a busy machine, unlike the wall time). */
  firstAnswerCpuMs: number | null;
}

export async function startAndTime(args: string[], dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // The rate limits lifted as on every bench server: 60 SM2 key requests in a minute are the mix, not an attack.
    env: { ...process.env, ...extraEnv, ...unlimitedEnv(), SSO_DATA_DIR: dataDir, SSO_HOST: '127.0.0.1', SSO_PORT: String(port), SSO_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  // Generous: a fresh start (migrations, SM2 key, demo seed) takes seconds of CPU, and many more of
  // wall time when the shared machine runs other suites; a timeout is not a figure.
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/api/centerAuth/sso/isLogin`);
      if (answer.status === 200) return { child, url, firstAnswerMs: performance.now() - started, firstAnswerCpuMs: processCpuMs(child.pid) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} gave no answer within 120 s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory now and its peak (VmHWM) so far, MB. */
export function peakResidentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/**
 * One request into each slice that loads code of its own, so that the memory read after the mix is
 * that of a server with everything loaded: SAML (metadata: samlify, xml-crypto and their XML
 * stack; a message in a foreign namespace: our own parser, @xmldom/xmldom), CAS (a login page for an unknown service,
 * a ticket validation), passkeys (the Related Origins document, sign-in options: the WebAuthn
 * library), the console (its page, its API without a session). OpenID Connect is loaded by the mix
 * itself (discovery, JWKS). Returns the requests that did not answer as expected.
 */
export async function loadEverySlice(url: string): Promise<string[]> {
  const key = await fetch(`${url}/api/centerAuth/commonConfig/getPublicKeySm2`);
  await key.arrayBuffer();
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(key.headers.getSetCookie().join('; '))![1]!;
  const service = encodeURIComponent('http://127.0.0.2/app/');
  // Redirect binding (deflated, base64): XML our parser reads (@xmldom/xmldom loaded), then refuses.
  const foreignMessage = encodeURIComponent(zlib.deflateRawSync('<samlp:AuthnRequest xmlns:samlp="urn:x"/>').toString('base64'));
  const requests: Array<[string, number, () => Promise<Response>]> = [
    ['SAML metadata', 200, () => fetch(`${url}/saml/metadata`)],
    ['SAML message outside the protocol namespace (parsed, refused)', 400, () => fetch(`${url}/saml/sso?SAMLRequest=${foreignMessage}`)],
    ['CAS login, unknown service', 403, () => fetch(`${url}/cas/login?service=${service}`, { redirect: 'manual' })],
    ['CAS ticket validation, unknown ticket', 200, () => fetch(`${url}/cas/p3/serviceValidate?service=${service}&ticket=ST-unknown`)],
    ['WebAuthn related origins', 200, () => fetch(`${url}/.well-known/webauthn`)],
    ['passkey sign-in options', 200, () => fetch(`${url}/api/centerAuth/sso/passkey/options`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf }, body: '{}',
    })],
    ['console page', 200, () => fetch(`${url}/console`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } })],
    ['console API without a session', 401, () => fetch(`${url}/api/console/apps`)],
  ];
  const unexpected: string[] = [];
  for (const [name, status, request] of requests) {
    const answer = await request();
    await answer.arrayBuffer();
    if (answer.status !== status) unexpected.push(`${name}: HTTP ${answer.status}`);
  }
  return unexpected;
}

/**
 * Issue 25's mix, in rounds: one sign-in (SM2 key, doLogin: an argon2id verification), the app
 * list with that session, and its sign-out; then 9 page and API requests, 5 at a time. SIGN_INS
 * rounds: SIGN_INS sign-ins and OTHER_REQUESTS other requests. Returns the answers that were not 200.
 */
export async function mixedRequests(url: string): Promise<number> {
  const api = `${url}/api/centerAuth`;
  const others: Array<() => Promise<Response>> = [
    () => fetch(`${url}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }),
    () => fetch(`${api}/commonConfig/getPublicKeySm2`),
    () => fetch(`${url}/.well-known/openid-configuration`),
    () => fetch(`${url}/oidc/jwks`),
    () => fetch(`${api}/clientGroup/detailGetBySsoDomain?ssoDomain=localhost`),
    () => fetch(`${api}/clientGroup/detailGetBySsoDomain?ssoDomain=exeed.localhost`),
    () => fetch(`${url}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }),
    () => fetch(`${api}/commonConfig/getPublicKeySm2`),
    () => fetch(`${api}/sso/isLogin`),
  ];
  const perRound = OTHER_REQUESTS / SIGN_INS;
  if (!Number.isInteger(perRound) || perRound !== others.length) throw new Error('the mix must spread its other requests evenly over the sign-ins');
  let bad = 0;
  const check = async (answer: Response): Promise<void> => {
    await answer.arrayBuffer();
    if (answer.status !== 200) bad++;
  };
  for (let round = 0; round < SIGN_INS; round++) {
    const session = await signIn(url); // a bad sign-in throws
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(session.sessionCookie)![1]!;
    const withSession = { cookie: session.sessionCookie };
    await check(await fetch(`${api}/client/getClientListBySsoDomain?ssoDomain=localhost`, { headers: withSession }));
    await check(await fetch(`${api}/sso/signout`, { headers: { ...withSession, 'x-xsrf-token': xsrf } }));
    for (let i = 0; i < others.length; i += 5) {
      for (const answer of await Promise.all(others.slice(i, i + 5).map((request) => request()))) await check(answer);
    }
  }
  return bad;
}

interface ServerFigures {
  freshStartMs: number;
  restartMs: number;
  restartCpuMs: number | null;
  idleMb: number;
  afterRequestsMb: number;
  /** The highest resident memory the process reached (VmHWM). */
  peakMb: number;
  badAnswers: number;
}

async function measure(args: string[], extraEnv: Record<string, string> = {}): Promise<ServerFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-bench-compiled-'));
  try {
    // First start on an empty data dir (migrations, SM2 key, demo seed), then a restart on it.
    const fresh = await startAndTime(args, dataDir, extraEnv);
    await stop(fresh.child);
    const server = await startAndTime(args, dataDir, extraEnv);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idleMb = residentMb(server.child.pid!);
      const unexpected = await loadEverySlice(server.url);
      if (unexpected.length > 0) throw new Error(`loading every slice: ${unexpected.join(', ')}`);
      const badAnswers = await mixedRequests(server.url);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const afterRequestsMb = residentMb(server.child.pid!);
      const peakMb = peakResidentMb(server.child.pid!);
      return { freshStartMs: fresh.firstAnswerMs, restartMs: server.firstAnswerMs, restartCpuMs: server.firstAnswerCpuMs, idleMb, afterRequestsMb, peakMb, badAnswers };
    } finally {
      await stop(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCompiledServer(): Promise<BenchRow[]> {
  const start = npmStartCommand();
  const compiled = await measure([...start.nodeFlags, ...start.script], start.env);
  const fromSource = await measure(['--import', 'tsx', 'server/main.ts']);
  const mb = (value: number): string => `${value.toFixed(1)} MB`;
  return [
    {
      section: 'server',
      name: `compiled server (${describeStartCommand(start)}): resident memory, every slice loaded, after ${SIGN_INS} sign-ins (each with the app list and a sign-out) and ${OTHER_REQUESTS} page and API requests`,
      value:
        `${mb(compiled.afterRequestsMb)} (idle after start ${mb(compiled.idleMb)}, peak ${mb(compiled.peakMb)})` +
        (compiled.badAnswers ? `, ${compiled.badAnswers} bad answers` : ''),
      budget: `<= ${RSS_BUDGET_MB} MB`,
      pass: compiled.badAnswers === 0 && compiled.afterRequestsMb <= RSS_BUDGET_MB,
      data: { ...compiled },
    },
    {
      section: 'server',
      name: 'compiled server: start to first API answer (restart on its data dir; first start seeds)',
      value:
        `${fmtMs(compiled.restartMs)}, ${compiled.restartCpuMs ?? '?'} ms of CPU ` +
        `(first start on an empty data dir ${fmtMs(compiled.freshStartMs)})`,
      budget: `<= ${START_BUDGET_MS} ms`,
      pass: compiled.restartMs <= START_BUDGET_MS,
      data: { ...compiled },
    },
    {
      section: 'server',
      name: 'for comparison: the same from source through tsx (npm start before issue 16)',
      value:
        `${mb(fromSource.afterRequestsMb)} after the same mix (idle ${mb(fromSource.idleMb)}, peak ${mb(fromSource.peakMb)}); ` +
        `first answer ${fmtMs(fromSource.restartMs)} (fresh ${fmtMs(fromSource.freshStartMs)})`,
      budget: '',
      pass: null,
      data: { ...fromSource },
    },
  ];
}

// OpenID Connect throughput: code exchanges, refreshes (each one rotates the refresh token) and
// userinfo calls against the real server in its own process (SQLite, the default) started as
// `npm start` starts it, the same server without `npm start`'s V8 flags, and bare oidc-provider
// with node's default flags (in-memory Map adapter, bench/bare-oidc-process.ts), all in the same
// run, next to the raw cost of one RS256 signature. Each mints its codes through its own
// authorization endpoint. "Per core" divides by the server process's own CPU time, as an outsider
// counts it: utime + stime of the whole process (every thread) from /proc/<pid>/stat, so the load
// generator sharing this machine does not count against the server.
// Standalone: node --import tsx bench/oidc-bench.ts ; in npm run bench as the "oidc" section.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { runOidcCommand } from '../server/oidc/oidc-cli.ts';
import { withAdminContext } from '../server/admin-context.ts';
import { processCpuMs, profileFlags, startChildServer } from './child-server.ts';
import { signIn } from './login-client.ts';
import { timeOperation } from './measure.ts';
import { fmtPct, fmtRate, type BenchRow } from './report.ts';

const REDIRECT_URI = 'http://127.0.0.1:9/cb';
const CONCURRENCY = 8;
const COUNT = Number(process.env.BENCH_OIDC_COUNT || 600);
const WARMUP = 200;

export interface Figures {
  count: number;
  wallMs: number;
  serverCpuMs: number | null;
}

interface Target {
  tokenUrl: string;
  userinfoUrl: string;
  basic: string;
  /**
   * `n` unused codes for REDIRECT_URI, PKCE with `verifier`. Asked for right before the block that
   * uses them, outside its CPU count: our codes live 60 s, and minted all at once before the run
   * they expired on a busy machine before their turn came.
   */
  mint(n: number): Promise<string[]>;
  verifier: string;
  cpuMs(): number | null;
}

/** CONCURRENCY workers take the next index until `count`; each knows its own worker number. */
async function parallel(count: number, work: (i: number, worker: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async (_, worker) => {
    while (next < count) await work(next++, worker);
  }));
  return performance.now() - start;
}

/**
 * Both servers measured in the same minutes: each flow runs in blocks of BLOCK requests, one block
 * on our server, the next on bare oidc-provider, and so on, each target's CPU time and wall time
 * summed over its own blocks. On a shared machine the load changes within seconds; measured one
 * after the other (as until issue 25), the two halves of a ratio saw different machines and the
 * ratio moved by 20 points between runs.
 */
const BLOCK = Number(process.env.BENCH_OIDC_BLOCK || 50);

export type Flows = { exchanges: Figures; refreshes: Figures; userinfo: Figures };

export async function measureFlows(targets: { target: Target; label: string }[]): Promise<Flows[]> {
  const token = async (target: Target, label: string, form: Record<string, string>): Promise<{ access_token: string; refresh_token: string }> => {
    const response = await fetch(target.tokenUrl, {
      method: 'POST', headers: { authorization: target.basic, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form),
    });
    const body = (await response.json()) as { access_token: string; refresh_token: string };
    if (response.status !== 200) throw new Error(`${label} token endpoint (${form.grant_type}): ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const zero = (): Figures => ({ count: 0, wallMs: 0, serverCpuMs: 0 });
  const figures = targets.map(() => ({ exchanges: zero(), refreshes: zero(), userinfo: zero() }));
  /**
   * `count` requests of one flow per target, BLOCK at a time, the targets taking turns; `prepare`
   * runs before each block, outside its counts.
   */
  const interleaved = async (
    flow: keyof Flows, count: number, work: (t: number, i: number, worker: number) => Promise<void>,
    prepare: (t: number, size: number) => Promise<void> = async () => {},
  ): Promise<void> => {
    for (let done = 0; done < count; done += BLOCK) {
      const size = Math.min(BLOCK, count - done);
      for (let t = 0; t < targets.length; t++) {
        const f = figures[t]![flow];
        await prepare(t, size);
        const cpuBefore = targets[t]!.target.cpuMs();
        f.wallMs += await parallel(size, (i, worker) => work(t, done + i, worker));
        const cpuAfter = targets[t]!.target.cpuMs();
        f.count += size;
        f.serverCpuMs = cpuBefore === null || cpuAfter === null || f.serverCpuMs === null ? null : f.serverCpuMs + cpuAfter - cpuBefore;
      }
    }
  };
  const exchange = (t: number, code: string) => {
    const { target, label } = targets[t]!;
    return token(target, label, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: target.verifier });
  };
  // The first requests of a fresh process run cold (JIT): not measured.
  for (let t = 0; t < targets.length; t++) {
    const codes = await targets[t]!.target.mint(WARMUP);
    await parallel(WARMUP, async (i) => void (await exchange(t, codes[i]!)));
  }
  const refreshTokens: string[][] = targets.map(() => []);
  const accessTokens: string[] = targets.map(() => '');
  const blockCodes: string[][] = targets.map(() => []);
  await interleaved('exchanges', COUNT, async (t, i) => {
    const tokens = await exchange(t, blockCodes[t]![i % BLOCK]!);
    refreshTokens[t]!.push(tokens.refresh_token);
    accessTokens[t] = tokens.access_token;
  }, async (t, size) => {
    blockCodes[t] = await targets[t]!.target.mint(size);
  });
  // One chain per worker: each use consumes the token and hands out its successor (two uses of
  // one token at once would be a reuse, which revokes the grant).
  const chains = refreshTokens.map((tokens) => tokens.slice(-CONCURRENCY));
  await interleaved('refreshes', COUNT, async (t, _i, chain) => {
    const { target, label } = targets[t]!;
    chains[t]![chain] = (await token(target, label, { grant_type: 'refresh_token', refresh_token: chains[t]![chain]! })).refresh_token;
  });
  await interleaved('userinfo', COUNT, async (t) => {
    const response = await fetch(targets[t]!.target.userinfoUrl, { headers: { authorization: `Bearer ${accessTokens[t]}` } });
    if (response.status !== 200) throw new Error(`${targets[t]!.label} userinfo answered ${response.status}`);
    await response.arrayBuffer();
  });
  return figures;
}

/**
 * Codes from an authorization endpoint, as a browser with a session gets them: GET `authorize` with
 * the cookies, follow the provider's own redirects (an interaction the first time, for bare
 * oidc-provider) until the redirect to REDIRECT_URI, and take its code. Cookies are kept by name.
 */
function authorizeMinter(authorize: string, cookies: Map<string, string>): (n: number) => Promise<string[]> {
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const one = async (): Promise<string> => {
    let url = authorize;
    for (let hop = 0; hop < 6; hop++) {
      const response = await fetch(url, { headers: { cookie: header() }, redirect: 'manual' });
      for (const set of response.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`authorize answered ${response.status} without a redirect`);
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`authorize sent back no code: ${location}`);
        return code;
      }
      url = next.href;
    }
    throw new Error('authorize: too many redirects');
  };
  return async (n) => {
    const codes: string[] = [];
    await parallel(n, async () => void codes.push(await one()));
    return codes;
  };
}

const authorizeQuery = (verifier: string): string => new URLSearchParams({
  client_id: 'bench', response_type: 'code', scope: 'openid profile', redirect_uri: REDIRECT_URI,
  code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 'bench',
}).toString();

/**
 * Our server, started as `npm start` starts it (or with `nodeFlags` instead of its V8 flags): a real
 * browser session, codes from the authorization endpoint.
 */
export async function ourServer(verifier: string, nodeFlags?: string): Promise<Target & { stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-oidc-bench-'));
  // As `npm start` runs it: its log level too (info, a request line per call), unless the run asks another.
  const app = await startChildServer('app', {
    ...process.env, BENCH_DATA_DIR: dataDir, BENCH_SERVER_LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
    ...(nodeFlags !== undefined ? { BENCH_SERVER_NODE_FLAGS: nodeFlags } : {}),
  });
  const issuer = app.url.replace('127.0.0.1', 'localhost');
  const answer = (await withAdminContext(readConfig({ SSO_DATA_DIR: dataDir }), (ctx) => runOidcCommand(ctx, 'add-client', ['bench'], { 'redirect-uri': [REDIRECT_URI] })))!;
  const secret = /client_secret[^:]*: (\S+)/.exec(answer)![1]!;
  const authorize = `${issuer}/oidc/auth?${authorizeQuery(verifier)}`;
  // The running server reloads its clients every two seconds: wait until it knows this one (an
  // unknown client is answered 4xx on the provider's error page; signed out, a known one is sent to sign in).
  for (const deadline = Date.now() + 15_000; ;) {
    const { status } = await fetch(authorize, { redirect: 'manual' });
    if (status < 400 || status >= 500) break;
    if (Date.now() > deadline) throw new Error(`the server did not load the bench client within 15 s (authorize answered ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cookies = new Map((await signIn(app.url)).sessionCookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string]));
  const mint = authorizeMinter(authorize, cookies);
  // The first authorization binds the provider session to the portal's (its cookie is kept).
  await mint(1);
  return {
    tokenUrl: `${issuer}/oidc/token`, userinfoUrl: `${issuer}/oidc/me`, mint, verifier,
    basic: `Basic ${Buffer.from(`bench:${secret}`).toString('base64')}`, cpuMs: () => processCpuMs(app.pid),
    async stop() {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function bareProvider(verifier: string): Promise<Target & { stop(): Promise<void> }> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-oidc-process.ts');
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', entry], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`bare oidc-provider exited with ${code}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  const mint = authorizeMinter(`${url}/auth?${authorizeQuery(verifier)}`, new Map());
  // The first authorization goes through the interaction and leaves the provider session.
  await mint(1);
  // Bare oidc-provider keeps its default routes: /auth, /token, /me.
  return {
    tokenUrl: `${url}/token`, userinfoUrl: `${url}/me`, mint, verifier, basic: `Basic ${Buffer.from('bench:bench-secret-bench-secret').toString('base64')}`,
    cpuMs: () => processCpuMs(child.pid),
    async stop() {
      child.kill('SIGTERM');
    },
  };
}

export async function benchOidc(): Promise<BenchRow[]> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  // Ours as `npm start` runs it, ours with node's default flags (what `npm start`'s memory flags
  // cost), bare oidc-provider with node's defaults: three processes, their blocks taking turns.
  const started: Array<Target & { stop(): Promise<void> }> = [];
  let our: Flows;
  let ourNoFlags: Flows;
  let bare: Flows;
  try {
    started.push(await ourServer(verifier));
    started.push(await ourServer(verifier, ''));
    started.push(await bareProvider(verifier));
    [our, ourNoFlags, bare] = (await measureFlows([
      { target: started[0]!, label: 'our server (npm start)' },
      { target: started[1]!, label: 'our server without V8 flags' },
      { target: started[2]!, label: 'bare oidc-provider' },
    ])) as [Flows, Flows, Flows];
  } finally {
    for (const target of started) await target.stop();
  }
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payload = Buffer.from(JSON.stringify({ iss: 'http://localhost', sub: crypto.randomUUID(), aud: 'bench', iat: 1, exp: 2, nonce: 'n' }));
  const signature = await timeOperation(() => crypto.sign('sha256', payload, privateKey));

  // Issues 25 and 33: at least 75 % of bare oidc-provider per core, for each flow, counting the whole process.
  const shareOfBare = 0.75;
  const perCore = (f: Figures): number | null => (f.serverCpuMs ? (f.count * 1000) / f.serverCpuMs : null);
  const row = (name: string, f: Figures, noFlags: Figures, b: Figures, budgetPerCore: number | null): BenchRow => {
    const wallRate = (f.count * 1000) / f.wallMs;
    const ourCore = perCore(f);
    const noFlagsCore = perCore(noFlags);
    const bareCore = perCore(b);
    const share = ourCore && bareCore ? ourCore / bareCore : null;
    const noFlagsShare = noFlagsCore && bareCore ? noFlagsCore / bareCore : null;
    return {
      section: 'server',
      name: `OIDC ${name}`,
      value: `${fmtRate(wallRate)} wall` + (ourCore ? `, ${fmtRate(ourCore)} per core` : '')
        + (bareCore && share ? ` (bare oidc-provider ${fmtRate(bareCore)} per core: ${fmtPct(share)})` : '')
        + (noFlagsShare ? `; without npm start's V8 flags ${fmtPct(noFlagsShare)}` : ''),
      budget: (budgetPerCore ? `>= ${budgetPerCore} req/s per core, ` : '') + `>= ${fmtPct(shareOfBare)} of bare`,
      pass: ourCore && share ? (budgetPerCore === null || ourCore >= budgetPerCore) && share >= shareOfBare : null,
      data: {
        ours: { ...f, wallRate, perCore: ourCore },
        oursWithoutV8Flags: { ...noFlags, perCore: noFlagsCore },
        bare: { ...b, perCore: bareCore },
        cpuUsPerRequest: {
          ours: f.serverCpuMs ? (f.serverCpuMs * 1000) / f.count : null,
          oursWithoutV8Flags: noFlags.serverCpuMs ? (noFlags.serverCpuMs * 1000) / noFlags.count : null,
          bare: b.serverCpuMs ? (b.serverCpuMs * 1000) / b.count : null,
        },
      },
    };
  };
  return [
    row('code exchanges (authorization_code + PKCE)', our.exchanges, ourNoFlags.exchanges, bare.exchanges, 300),
    row('refreshes (rotating refresh token)', our.refreshes, ourNoFlags.refreshes, bare.refreshes, 500),
    row('userinfo', our.userinfo, ourNoFlags.userinfo, bare.userinfo, null),
    {
      section: 'server', name: 'OIDC raw RS256 signature (one ID token)',
      value: `${(1000 / signature.cpuMsPerOp).toFixed(0)} signatures/s per core (${(signature.cpuMsPerOp * 1000).toFixed(0)} µs)`,
      budget: '', pass: null, data: { ...signature },
    },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { formatTable } = await import('./report.ts');
  console.log(formatTable(await benchOidc()));
}

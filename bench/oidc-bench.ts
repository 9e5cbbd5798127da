// OpenID Connect throughput: code exchanges, refreshes (each one rotates the refresh token) and
// userinfo calls against the real server in its own process (SQLite, the default), and the same
// against bare oidc-provider (in-memory Map adapter, bench/bare-oidc-process.ts) in the same run, next
// to the raw cost of one RS256 signature. "Per core" divides by the server process's own CPU time,
// so the load generator sharing this machine does not count against the server.
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
import { processCpuMsFine, profileFlags, startChildServer } from './child-server.ts';
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
const BLOCK = Number(process.env.BENCH_OIDC_BLOCK || 100);

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

/** Our server: a real browser session, codes from the authorization endpoint. */
export async function ourServer(verifier: string): Promise<Target & { stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-oidc-bench-'));
  const app = await startChildServer('app', { ...process.env, BENCH_DATA_DIR: dataDir });
  const issuer = app.url.replace('127.0.0.1', 'localhost');
  const answer = (await withAdminContext(readConfig({ SSO_DATA_DIR: dataDir }), (ctx) => runOidcCommand(ctx, 'add-client', ['bench'], { 'redirect-uri': [REDIRECT_URI] })))!;
  const secret = /client_secret[^:]*: (\S+)/.exec(answer)![1]!;
  let cookie = (await signIn(app.url)).sessionCookie;
  const authorize = `${issuer}/oidc/auth?` + new URLSearchParams({
    client_id: 'bench', response_type: 'code', scope: 'openid profile', redirect_uri: REDIRECT_URI,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 'bench',
  });
  // The running server reloads its clients every two seconds: wait until it knows this one (an
  // unknown client is answered 4xx on the provider's error page; signed out, a known one is sent to sign in).
  for (const deadline = Date.now() + 15_000; ;) {
    const { status } = await fetch(authorize, { redirect: 'manual' });
    if (status < 400 || status >= 500) break;
    if (Date.now() > deadline) throw new Error(`the server did not load the bench client within 15 s (authorize answered ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mint = async (n: number): Promise<string[]> => {
    const codes: string[] = [];
    await parallel(n, async () => {
      const response = await fetch(authorize, { headers: { cookie }, redirect: 'manual' });
      const provider = response.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => c.startsWith('_session'));
      if (provider.length && !cookie.includes('_session=')) cookie = `${cookie}; ${provider.join('; ')}`;
      const code = new URL(response.headers.get('location') ?? 'x:').searchParams.get('code');
      if (!code) throw new Error(`authorize answered ${response.status} ${response.headers.get('location')}`);
      codes.push(code);
    });
    return codes;
  };
  // The first authorization binds the provider session to the portal's (its cookie is kept above).
  await mint(1);
  return {
    tokenUrl: `${issuer}/oidc/token`, userinfoUrl: `${issuer}/oidc/me`, mint, verifier,
    basic: `Basic ${Buffer.from(`bench:${secret}`).toString('base64')}`, cpuMs: () => processCpuMsFine(app.pid),
    async stop() {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function bareProvider(verifier: string): Promise<Target & { stop(): Promise<void> }> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-oidc-process.ts');
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', entry, String(WARMUP + COUNT), verifier], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`bare oidc-provider exited with ${code}`)));
  });
  const { url, codes } = JSON.parse(line) as { url: string; codes: string[] };
  // Bare oidc-provider keeps its default routes: /token, /me.
  return {
    tokenUrl: `${url}/token`, userinfoUrl: `${url}/me`, mint: async (n) => codes.splice(0, n), verifier, basic: `Basic ${Buffer.from('bench:bench-secret-bench-secret').toString('base64')}`,
    cpuMs: () => processCpuMsFine(child.pid),
    async stop() {
      child.kill('SIGTERM');
    },
  };
}

export async function benchOidc(): Promise<BenchRow[]> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const ours = await ourServer(verifier);
  let our: Flows;
  let bare: Flows;
  try {
    const bareTarget = await bareProvider(verifier);
    try {
      [our, bare] = (await measureFlows([{ target: ours, label: 'our server' }, { target: bareTarget, label: 'bare oidc-provider' }])) as [Flows, Flows];
    } finally {
      await bareTarget.stop();
    }
  } finally {
    await ours.stop();
  }
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payload = Buffer.from(JSON.stringify({ iss: 'http://localhost', sub: crypto.randomUUID(), aud: 'bench', iat: 1, exp: 2, nonce: 'n' }));
  const signature = await timeOperation(() => crypto.sign('sha256', payload, privateKey));

  // Issue 25: at least 75 % of bare oidc-provider per core, for each flow (was 50 %).
  const shareOfBare = 0.75;
  const perCore = (f: Figures): number | null => (f.serverCpuMs ? (f.count * 1000) / f.serverCpuMs : null);
  const row = (name: string, f: Figures, b: Figures, budgetPerCore: number | null): BenchRow => {
    const wallRate = (f.count * 1000) / f.wallMs;
    const ourCore = perCore(f);
    const bareCore = perCore(b);
    const share = ourCore && bareCore ? ourCore / bareCore : null;
    return {
      section: 'server',
      name: `OIDC ${name}`,
      value: `${fmtRate(wallRate)} wall` + (ourCore ? `, ${fmtRate(ourCore)} per core` : '')
        + (bareCore && share ? ` (bare oidc-provider ${fmtRate(bareCore)} per core: ${fmtPct(share)})` : ''),
      budget: (budgetPerCore ? `>= ${budgetPerCore} req/s per core, ` : '') + `>= ${fmtPct(shareOfBare)} of bare`,
      pass: ourCore && share ? (budgetPerCore === null || ourCore >= budgetPerCore) && share >= shareOfBare : null,
      data: { ours: { ...f, wallRate, perCore: ourCore }, bare: { ...b, perCore: bareCore } },
    };
  };
  return [
    row('code exchanges (authorization_code + PKCE)', our.exchanges, bare.exchanges, 300),
    row('refreshes (rotating refresh token)', our.refreshes, bare.refreshes, 500),
    row('userinfo', our.userinfo, bare.userinfo, null),
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

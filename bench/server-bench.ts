// Server throughput: each API path under autocannon right after a bare Fastify hello-world run,
// both servers in their own processes on this machine, so every path has a baseline measured
// moments before it. Only correct answers count (2xx with the exact expected body).
import { startChildServer, type ChildServer } from './child-server.ts';
import { runLoad, type LoadFigures } from './load.ts';
import { signIn } from './login-client.ts';
import { timeRawLoginWork } from './raw-login-work.ts';
import { fmtMs, fmtPct, fmtRate, type BenchRow } from './report.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 4);
const WARMUP = { duration: 1 };

interface PathLoad {
  name: string;
  baseline: LoadFigures;
  load: LoadFigures;
}

async function expectedBody(url: string, headers: Record<string, string>): Promise<string> {
  const answer = await fetch(url, { headers });
  const text = await answer.text();
  if (answer.status !== 200 || (JSON.parse(text) as { code: unknown }).code !== 200) {
    throw new Error(`${url} answered HTTP ${answer.status} ${text}`);
  }
  return text;
}

const cpu = (f: LoadFigures): string =>
  f.serverCpuUsPerRequest === null ? '' : `, server CPU ${Math.round(f.serverCpuUsPerRequest)} µs/req`;
const describe = (f: LoadFigures): string =>
  `${fmtRate(f.rate)}, p50 ${fmtMs(f.p50Ms)}, p99 ${fmtMs(f.p99Ms)}` + cpu(f) + (f.bad ? `, ${f.bad} bad answers` : '');

export async function benchServer(): Promise<BenchRow[]> {
  let hello: ChildServer | null = null;
  let app: ChildServer | null = null;
  try {
    hello = await startChildServer('hello');
    app = await startChildServer('app');
    const session = await signIn(app.url);
    const api = `${app.url}/api/centerAuth`;
    const withSession = { cookie: session.sessionCookie };
    const isLoginAnswer = await expectedBody(`${api}/sso/isLogin`, withSession);
    if (JSON.parse(isLoginAnswer).data !== true) throw new Error('isLogin does not see the live session');

    const gets: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      { name: 'isLogin (live session)', url: `${api}/sso/isLogin`, headers: withSession },
      { name: 'getClientListBySsoDomain', url: `${api}/client/getClientListBySsoDomain?ssoDomain=localhost`, headers: withSession },
      { name: 'detailGetBySsoDomain', url: `${api}/clientGroup/detailGetBySsoDomain?ssoDomain=localhost`, headers: {} },
    ];
    // A fresh server runs its first thousands of requests cold (module loading, JIT): every path
    // gets an unmeasured 2 s run first, so the first path measured is not the one that pays.
    for (const get of gets) await runLoad({ url: get.url, headers: get.headers, duration: 2 });
    await runLoad({ url: hello.url, duration: 2 });
    const loads: PathLoad[] = [];
    const baselineRun = (): Promise<LoadFigures> =>
      runLoad({ url: hello!.url, duration: SECONDS, warmup: WARMUP, expectBody: '{"hello":"world"}' }, hello!.cpuMs);
    for (const get of gets) {
      const expectBody = await expectedBody(get.url, get.headers);
      const baseline = await baselineRun();
      const load = await runLoad({ url: get.url, headers: get.headers, duration: SECONDS, warmup: WARMUP, expectBody }, app.cpuMs);
      loads.push({ name: get.name, baseline, load });
    }
    // doLogin is compared with the raw login work (SM2 + argon2id on one core), timed right
    // before and right after it.
    const rawBefore = await timeRawLoginWork();
    // doLogin is CPU-bound: a few connections keep both cores busy.
    const login = await runLoad({
      url: `${api}/sso/doLogin`,
      method: 'POST',
      headers: session.loginRequest.headers,
      body: session.loginRequest.body,
      connections: 4,
      duration: SECONDS,
      warmup: { duration: 1, connections: 2 },
      expectBody: session.loginAnswer,
    }, app.cpuMs);
    const rawAfter = await timeRawLoginWork();
    // CPU time, not wall time: what one core needs for the raw work, whatever else shares it.
    const rawLoginPerCorePerSecond = 1000 / ((rawBefore.cpuMsPerOp + rawAfter.cpuMsPerOp) / 2);

    const rows = loads.map(({ name, baseline: base, load }): BenchRow => {
      const ratio = load.rate / base.rate;
      const valid = load.bad === 0 && base.bad === 0;
      const budgeted = name.startsWith('isLogin');
      return {
        section: 'server',
        name,
        value: `${describe(load)} (${fmtPct(ratio)} of baseline ${fmtRate(base.rate)})`,
        budget: budgeted ? '>= 50% of baseline' : '',
        pass: budgeted ? valid && ratio >= 0.5 : valid ? null : false,
        data: { load, baseline: base, ratioToBaseline: ratio },
      };
    });
    const rawRatio = login.rate / rawLoginPerCorePerSecond;
    rows.push({
      section: 'server',
      name: 'doLogin (password: SM2 + argon2id, 4 connections)',
      value:
        `${describe(login)} (${fmtPct(rawRatio)} of the raw ${rawLoginPerCorePerSecond.toFixed(1)} logins/s per core` +
        (login.serverCpuUsPerRequest
          ? `; the raw work is ${fmtPct(1_000_000 / rawLoginPerCorePerSecond / login.serverCpuUsPerRequest)} of its CPU)`
          : ')'),
      budget: '>= 90% of raw work per core',
      pass: login.bad === 0 && rawRatio >= 0.9,
      data: { load: login, rawLoginPerCorePerSecond, rawBefore, rawAfter, rawRatio },
    });
    const first = loads[0]!.baseline;
    rows.push({
      section: 'server',
      name: 'baseline: bare Fastify hello-world (first run)',
      value: describe(first),
      budget: '',
      pass: null,
      data: { ...first },
    });
    return rows;
  } finally {
    await app?.stop();
    await hello?.stop();
  }
}

// Server throughput: each API path under autocannon right after a bare Fastify hello-world run,
// both servers in their own processes on this machine, so every path has a baseline measured
// moments before it. Only correct answers count (2xx with the exact expected body).
import { startChildServer, type ChildServer } from './child-server.ts';
import { runLoad, type LoadFigures } from './load.ts';
import { signIn } from './login-client.ts';
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

const describe = (f: LoadFigures): string =>
  `${fmtRate(f.rate)}, p50 ${fmtMs(f.p50Ms)}, p99 ${fmtMs(f.p99Ms)}` + (f.bad ? `, ${f.bad} bad answers` : '');

export async function benchServer(rawLoginPerCorePerSecond: number): Promise<BenchRow[]> {
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
    const loads: PathLoad[] = [];
    const baselineRun = (): Promise<LoadFigures> =>
      runLoad({ url: hello!.url, duration: SECONDS, warmup: WARMUP, expectBody: '{"hello":"world"}' });
    for (const get of gets) {
      const expectBody = await expectedBody(get.url, get.headers);
      const baseline = await baselineRun();
      const load = await runLoad({ url: get.url, headers: get.headers, duration: SECONDS, warmup: WARMUP, expectBody });
      loads.push({ name: get.name, baseline, load });
    }
    const baseline = await baselineRun();
    // doLogin is CPU-bound (SM2 + argon2id): a few connections keep both cores busy.
    const login = await runLoad({
      url: `${api}/sso/doLogin`,
      method: 'POST',
      headers: session.loginRequest.headers,
      body: session.loginRequest.body,
      connections: 4,
      duration: SECONDS,
      warmup: { duration: 1, connections: 2 },
      expectBody: session.loginAnswer,
    });
    loads.push({ name: 'doLogin (password, SM2 + argon2id)', baseline, load: login });

    return loads.map(({ name, baseline: base, load }): BenchRow => {
      const ratio = load.rate / base.rate;
      const isLogin = name.startsWith('isLogin');
      const isDoLogin = name.startsWith('doLogin');
      const rawRatio = load.rate / rawLoginPerCorePerSecond;
      const valid = load.bad === 0 && base.bad === 0;
      let budget = '';
      let pass: boolean | null = valid ? null : false;
      if (isLogin) {
        budget = '>= 50% of baseline';
        pass = valid && ratio >= 0.5;
      } else if (isDoLogin) {
        budget = '>= 80% of raw work per core';
        pass = valid && rawRatio >= 0.8;
      }
      const versus = isDoLogin
        ? `${fmtPct(rawRatio)} of raw ${rawLoginPerCorePerSecond.toFixed(1)}/s per core; ${fmtPct(ratio)} of baseline`
        : `${fmtPct(ratio)} of baseline ${fmtRate(base.rate)}`;
      return {
        section: 'server',
        name,
        value: `${describe(load)} (${versus})`,
        budget,
        pass,
        data: { load, baseline: base, ratioToBaseline: ratio, ...(isDoLogin ? { rawLoginPerCorePerSecond, rawRatio } : {}) },
      };
    }).concat(
      loads.slice(0, 1).map((l) => ({
        section: 'server' as const,
        name: 'baseline: bare Fastify hello-world (first run)',
        value: describe(l.baseline),
        budget: '',
        pass: null,
        data: { ...l.baseline },
      })),
    );
  } finally {
    await app?.stop();
    await hello?.stop();
  }
}

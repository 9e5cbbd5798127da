// A bounded, loopback-only load run against a real server process: every connection cycles through
// the 8:00 mix (session checks, the app list, a password login), each answer checked for the
// expected body. Zero errors is the pass mark; throughput and p99 are the figures.
import autocannon from 'autocannon';
import { DEMO } from '../helpers/test-app.ts';
import { HttpClient } from '../server/scale/http-client.ts';
import { lastSmsCode, startInstance, stopInstance, type Instance } from '../server/scale/instances.ts';

const LOAD_PASSWORD = 'Load@2026pass';

/** One registered account per connection, as at 8:00 every desk signs in as its own user. */
async function registerLoadUsers(instance: Instance, count: number): Promise<{ name: string; pwd: string }[]> {
  const users: { name: string; pwd: string }[] = [];
  for (let i = 0; i < count; i++) {
    const client = new HttpClient(instance.url);
    const name = `load${i}`;
    const phone = `136${String(i).padStart(8, '0')}`;
    if ((await client.get(`/api/admin/mobile/${phone}`)).body.code !== 200) throw new Error(`load setup: no code for ${phone}`);
    const pwd = await client.encrypt(LOAD_PASSWORD);
    const registered = await client.post('/api/admin/register/user', { username: name, phone, smsCode: lastSmsCode(instance.ownDataDir, phone)!, password: pwd });
    if (registered.body.code !== 200) throw new Error(`load setup: registering ${name}: ${registered.text}`);
    users.push({ name, pwd: await client.encrypt(LOAD_PASSWORD) });
  }
  return users;
}

export interface MixedLoadResult {
  backend: string;
  seconds: number;
  connections: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Transport errors, timeouts, non-2xx answers and answers with the wrong body. */
  errors: number;
  mix: Record<string, number>;
}

export async function runMixedLoad(options: { seconds: number; connections: number; env?: Record<string, string>; backend?: string }): Promise<MixedLoadResult> {
  const instance = await startInstance({
    SSO_LOG_LEVEL: 'warn',
    // Limits sized for one load generator on one address; production keeps the defaults.
    SSO_SENSITIVE_PER_MINUTE: '1000000',
    SSO_LOGIN_PER_ACCOUNT_PER_MINUTE: '1000000',
    SSO_SMS_PER_IP_PER_HOUR: '1000000',
    ...options.env,
  });
  try {
    const users = await registerLoadUsers(instance, options.connections);
    let nextUser = 0;
    const browser = new HttpClient(instance.url);
    if ((await browser.login('zhangwei', DEMO.zhangwei)).body.code !== 200) throw new Error('load setup: login failed');
    const xsrf = browser.cookies.get('XSRF-TOKEN')!;
    const session = { cookie: `XSRF-TOKEN=${xsrf}; sso_sid=${browser.cookies.get('sso_sid')}`, 'x-xsrf-token': xsrf };
    const counts: Record<string, number> = { isLogin: 0, appList: 0, login: 0 };
    let wrongBodies = 0;
    const expect = (name: string, needle: string) => (status: number, body: string) => {
      counts[name]!++;
      if (status !== 200 || !body.includes(needle)) wrongBodies++;
    };
    const isLogin = { method: 'GET' as const, path: '/api/centerAuth/sso/isLogin', headers: session, onResponse: expect('isLogin', '"data":true') };
    const appList = { method: 'GET' as const, path: '/api/centerAuth/client/getClientListBySsoDomain', headers: session, onResponse: expect('appList', '"autoLoginUrl"') };
    const login = {
      method: 'POST' as const,
      path: '/api/centerAuth/sso/doLogin',
      // Without the session cookie, so the login starts a new session and leaves the shared one alone.
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/x-www-form-urlencoded' },
      // Each connection signs in as its own account (the context lives as long as the connection).
      setupRequest: (request: Record<string, unknown>, context: { user?: { name: string; pwd: string } }) => {
        context.user ??= users[nextUser++ % users.length]!;
        return { ...request, body: new URLSearchParams({ name: context.user.name, pwd: context.user.pwd, loginType: '0' }).toString() };
      },
      onResponse: expect('login', '"username":"load'),
    };
    const result = await autocannon({
      url: instance.url,
      connections: options.connections,
      duration: options.seconds,
      requests: [isLogin, appList, isLogin, appList, isLogin, isLogin, appList, login],
    });
    return {
      backend: options.backend ?? 'SQLite (embedded)',
      seconds: options.seconds,
      connections: options.connections,
      requests: result.requests.total,
      perSecond: Math.round(result.requests.total / result.duration),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      errors: result.errors + result.timeouts + result.non2xx + wrongBodies,
      mix: counts,
    };
  } finally {
    await stopInstance(instance);
  }
}

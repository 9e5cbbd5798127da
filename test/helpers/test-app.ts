// Builds the server exactly as main.ts does (createServer) on a fresh temp data dir and a movable
// clock, for app.inject tests; plus a cookie-keeping client that sends the XSRF header like the
// widget does, and the storage backends the suite runs on.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServerConfig } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { createServer } from '../../server/server.ts';
import { testConfig } from './start-server.ts';
import { sm2Password } from './sm2-password.ts';
import { CookieJar } from './cookie-jar.ts';
import { lastSmsCode } from './sms-outbox.ts';

export interface Backend {
  name: 'sqlite' | 'postgres' | 'postgres+redis';
  overrides: Partial<ServerConfig>;
}

/**
 * SQLite always; PostgreSQL too when SSO_TEST_PG_URL is set (each app gets a fresh schema); and
 * PostgreSQL with the short-lived state in Redis when SSO_TEST_REDIS_URL is set as well (each app
 * gets a fresh key prefix).
 */
export function testBackends(): Backend[] {
  const list: Backend[] = [{ name: 'sqlite', overrides: {} }];
  const pgUrl = process.env.SSO_TEST_PG_URL;
  const redisUrl = process.env.SSO_TEST_REDIS_URL;
  if (pgUrl) list.push({ name: 'postgres', overrides: { databaseUrl: pgUrl } });
  if (pgUrl && redisUrl) list.push({ name: 'postgres+redis', overrides: { databaseUrl: pgUrl, redisUrl } });
  return list;
}

/**
 * The next 12:00 in China (UTC+8) at or after `ms`: a test that counts per calendar day there (the
 * SMS daily cap) starts here, so its simulated minutes never cross midnight (a run at 23:59 did).
 */
export function noonInChinaAfter(ms: number): number {
  const day = 24 * 3600_000;
  const noon = Math.floor((ms + 8 * 3600_000) / day) * day + 12 * 3600_000 - 8 * 3600_000;
  return noon >= ms ? noon : noon + day;
}

export class Clock {
  constructor(public current = Date.now()) {}
  now = (): number => this.current;
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The context compose.ts built for the app (stores, config, services), as the server holds it. */
  ctx: AppContext;
  config: ServerConfig;
  clock: Clock;
  client(host?: string): Client;
  /** The newest code the development SMS sender wrote for `phone`. */
  lastSmsCode(phone: string): string | null;
  close(): Promise<void>;
}

/** `sessionCacheClock`: a second clock for the SQLite session copies, apart from the app's `clock`. */
export async function buildTestApp(backend: Backend, overrides: Partial<ServerConfig> = {}, deps: { sessionCacheClock?: () => number } = {}): Promise<TestApp> {
  const { config, cleanup } = testConfig({ ...backend.overrides, ...overrides });
  const clock = new Clock();
  const { app, ctx } = await createServer(config, { now: clock.now, sessionCacheClock: deps.sessionCacheClock });
  await app.ready();
  return {
    app,
    ctx,
    config,
    clock,
    client: (host = 'localhost') => new Client(app, host),
    lastSmsCode: (phone) => lastSmsCode(config.smsOutboxPath, phone),
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

export interface Answer {
  status: number;
  body: { code: number | string; msg: string; data: any; errorCode?: string; encryption?: string };
  headers: LightMyRequestResponse['headers'];
  cookies: { name: string; value: string; [k: string]: unknown }[];
}

interface Call {
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header from the cookie (default true), or a given value. */
  xsrf?: boolean | string;
}

/** A browser-like client: keeps cookies per name, echoes the XSRF cookie in the header. */
export class Client {
  /** `cookies`: a jar shared with another Client makes the same browser on another instance. */
  constructor(private readonly app: FastifyInstance, readonly host: string, readonly cookies = new CookieJar()) {}

  async call(method: 'GET' | 'POST', url: string, call: Call = {}): Promise<Answer> {
    if (call.xsrf !== false && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/api/centerAuth/sso/isLogin', { xsrf: false }).catch(() => {});
    const headers: Record<string, string> = { host: this.host, ...call.headers };
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    if (call.xsrf === true || call.xsrf === undefined) {
      const token = this.cookies.get('XSRF-TOKEN');
      if (token) headers['x-xsrf-token'] = token;
    } else if (typeof call.xsrf === 'string') headers['x-xsrf-token'] = call.xsrf;
    let payload: string | undefined;
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(call.form).toString();
    } else if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(call.json);
    }
    const res = await this.app.inject({ method, url, headers, payload });
    const cookies = res.cookies as Answer['cookies'];
    this.cookies.remember(res.headers['set-cookie']);
    return { status: res.statusCode, body: res.json(), headers: res.headers, cookies };
  }

  get(url: string, call?: Call) {
    return this.call('GET', url, call);
  }

  post(url: string, call?: Call) {
    return this.call('POST', url, call);
  }

  async publicKey(): Promise<string> {
    return (await this.get('/api/centerAuth/commonConfig/getPublicKeySm2')).body.data as string;
  }

  /** Encrypts like the browser: "04" + sm-crypto doEncrypt(text, key, 1). */
  async encrypt(plain: string): Promise<string> {
    return sm2Password(plain, await this.publicKey());
  }

  async login(name: string, password: string, extra: Record<string, string> = {}): Promise<Answer> {
    return this.post('/api/centerAuth/sso/doLogin', { form: { name, pwd: await this.encrypt(password), loginType: '0', ...extra } });
  }
}

export const DEMO = {
  zhangwei: 'Sso@2026demo',
  firstlogin: 'Sso@2026first',
  agedpwd: 'Sso@2026aged',
  dealer01: 'Sso@2026dealer',
  admin: 'Sso@2026admin',
} as const;

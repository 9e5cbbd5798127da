// Property-based bad input against every API route (app.inject on the embedded default): whatever
// arrives, the answer is never a 5xx, never a stack trace, always the {code, msg, data} envelope
// as JSON, and a refused request leaves the accounts, sessions, groups and apps unchanged.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import { buildTestApp, DEMO, type TestApp } from '../../helpers/test-app.ts';
import { brokenBytes, hostileText, pairs, rawQueries } from './hostile-input.ts';
import { apiRoutes, type FuzzRoute } from './routes.ts';

const RUNS = Number(process.env.SSO_FUZZ_RUNS || 2500);
const STACK = /\bat (?:async )?[\w.<>]+ \(|\.ts:\d+|\/node_modules\/|node:internal/;

/** Percent-encodes any text, lone surrogates included (encodeURIComponent throws on those). */
function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function query(pairsList: [string, unknown][]): string {
  return pairsList.map(([k, v]) => `${pct(k)}=${pct(text(v))}`).join('&');
}

const requestFor = (routes: FuzzRoute[]) => fc.record({
  route: fc.constantFrom(...routes),
  method: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE') }),
  pathParam: hostileText,
  query: fc.oneof({ weight: 4, arbitrary: pairs(['code', 'phone', 'ssoDomain', 'from', 'username', 'clientId']).map(query) }, { weight: 1, arbitrary: rawQueries }),
  bodyKind: fc.constantFrom('none', 'form', 'json', 'bytes-json', 'bytes-form', 'text', 'huge', 'enc-flag'),
  bodyPairs: fc.constant(null),
  bodyBytes: brokenBytes,
  // Mostly with a valid XSRF pair (and often a live session), so input gets past the XSRF check.
  auth: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('xsrf', 'session') }, { weight: 1, arbitrary: fc.constantFrom('none', 'garbage') }),
  seed: fc.integer(),
}).chain((r) => pairs(r.route.fields).map((bodyPairs) => ({ ...r, bodyPairs })));

describe('bad input against every route', () => {
  let t: TestApp;
  let messengers: FakeMessengers;
  let db: Database.Database;
  let xsrf: string;
  let sid: string;
  before(async () => {
    // The WeCom / Feishu upstream is up, so a 503 could only come from the server itself.
    messengers = await startFakeMessengers();
    t = await buildTestApp({ name: 'sqlite', overrides: {} }, {
      weComBaseUrl: messengers.url, feishuBaseUrl: messengers.url,
      sensitivePerMinute: 1_000_000, userLookupPerMinute: 1_000_000, loginPerAccountPerMinute: 1_000_000,
      smsPerIpPerHour: 1_000_000, smsPerPhonePerHour: 1_000_000,
    });
    const c = t.client();
    assert.equal((await c.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    xsrf = c.cookies.get('XSRF-TOKEN')!;
    sid = c.cookies.get('sso_sid')!;
    db = new Database(path.join(t.config.dataDir, 'sso.db'), { readonly: true });
  });
  after(async () => {
    db?.close();
    await t.close();
    await messengers.close();
  });

  const snapshot = () => JSON.stringify([
    db.prepare('select id, username, phone, password_hash, must_change_password from users order by id').all(),
    db.prepare('select id_hash, user_id from sessions order by id_hash').all(),
    db.prepare('select * from client_groups order by code').all(),
    db.prepare('select * from apps order by id').all(),
  ]);

  it(`never a 5xx or a stack, always the envelope, nothing changed when refused (${RUNS} runs)`, async () => {
    const routes = apiRoutes(t.app);
    assert.ok(routes.length >= 19, `found ${routes.length} routes`);
    const seen = new Map<string, number>();
    await fc.assert(fc.asyncProperty(requestFor(routes), async (r) => {
      const url = r.route.path.replace(':phone', pct(r.pathParam)) + (r.query ? `?${r.query}` : '');
      const headers: Record<string, string> = { host: 'localhost' };
      if (r.auth === 'xsrf' || r.auth === 'session') {
        headers.cookie = `XSRF-TOKEN=${xsrf}` + (r.auth === 'session' ? `; sso_sid=${sid}` : '');
        headers['x-xsrf-token'] = xsrf;
      } else if (r.auth === 'garbage') {
        headers.cookie = 'XSRF-TOKEN=<script>; sso_sid=%FF%FE; =;;';
        headers['x-xsrf-token'] = "' OR 1=1";
      }
      let payload: string | Buffer | undefined;
      const body = Object.fromEntries(r.bodyPairs ?? []);
      switch (r.bodyKind) {
        case 'form':
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = query(r.bodyPairs ?? []);
          break;
        case 'json':
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body);
          break;
        case 'bytes-json':
        case 'bytes-form':
          headers['content-type'] = r.bodyKind === 'bytes-json' ? 'application/json' : 'application/x-www-form-urlencoded';
          payload = r.bodyBytes;
          break;
        case 'text':
          headers['content-type'] = 'text/plain';
          payload = 'name=zhangwei';
          break;
        case 'huge':
          headers['content-type'] = 'application/json';
          payload = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
          break;
        case 'enc-flag':
          headers['content-type'] = 'application/json';
          headers['enc-flag'] = 'true';
          payload = JSON.stringify({ encryption: text(r.bodyPairs?.[0]?.[1] ?? 'AAAA') });
          break;
      }
      const method = (r.method ?? r.route.method) as 'GET' | 'POST' | 'PUT' | 'DELETE';
      if (method === 'GET' || method === 'DELETE') payload = undefined;
      const before = snapshot();
      const res = await t.app.inject({ method, url, headers, payload });
      seen.set(`${res.statusCode}`, (seen.get(`${res.statusCode}`) ?? 0) + 1);
      const where = `${method} ${url.slice(0, 120)} [${r.bodyKind}/${r.auth}] -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      assert.ok(res.statusCode < 500, where);
      assert.match(String(res.headers['content-type']), /^application\/json/, where);
      assert.doesNotMatch(res.body, STACK, where);
      const parsed = JSON.parse(res.body) as Record<string, unknown>;
      // With Enc-Flag, data travels encrypted in "encryption" (the contract's encrypted envelope).
      const carriesData = 'data' in parsed || (r.bodyKind === 'enc-flag' && typeof parsed.encryption === 'string');
      assert.ok('code' in parsed && carriesData && typeof parsed.msg === 'string' && parsed.msg.length > 0, where);
      assert.ok(!('stack' in parsed), where);
      if (res.statusCode !== 200 || parsed.code !== 200) assert.equal(snapshot(), before, `refused, yet the database changed: ${where}`);
    }), { numRuns: RUNS, includeErrorInReport: true, seed: process.env.SSO_FUZZ_SEED ? Number(process.env.SSO_FUZZ_SEED) : undefined });
    const statuses = [...seen].sort().map(([s, n]) => `${s}x${n}`).join(' ');
    console.log(`# fuzz: ${RUNS} requests over ${routes.length} route/method pairs; statuses ${statuses}`);
    assert.ok((seen.get('400') ?? 0) > 0 && (seen.get('200') ?? 0) > 0, 'inputs reached both validation and the handlers');
  });
});

// The server applies the contract's rules, which the widget imports as they are: the phone shape
// (contract/rules/phone.ts) in its schemas and its request log, and the XSRF header on exactly the
// GET routes the contract marks (contract/endpoints/request-rules.ts, which the typecheck ties to the
// definitions); and it tells the login page its SMS resend cooldown. The widget keeps no copy of
// these, so nothing here compares copies.
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { MOBILE_PATTERN } from '../../../contract/rules/phone.ts';
import { XSRF_GET_PATHS } from '../../../contract/endpoints/request-rules.ts';
import { redactUrl } from '../../../server/http/log-redaction.ts';

const [sqlite] = testBackends();

// What the form sends (it trims the field first).
const PHONES = [
  '13800000001', '14012345678', '14512345678', '15912345678', '16612345678', '17712345678',
  '18612345678', '19112345678', '19412345678', '19912345678',
  '', '1380000000', '138000000012', '10012345678', '11800000001', '12800000001', '23800000001',
  '1380000000a', '+8613800000001', '138****0001', '****', 'abc****',
];

describe('the server follows the contract\'s rules', () => {
  const routes: RouteOptions[] = [];
  const watchRoutes = ({ fastify }: { fastify: FastifyInstance }) => {
    fastify.addHook('onRoute', (route) => void routes.push(route));
  };
  let t: TestApp;
  before(async () => {
    // Every Fastify instance announces itself here before any route is added.
    diagnostics.subscribe('fastify.initialization', watchRoutes as (message: unknown) => void);
    try {
      t = await buildTestApp(sqlite!, { userLookupPerMinute: 1000, smsResendCooldownMs: 45_000 });
    } finally {
      diagnostics.unsubscribe('fastify.initialization', watchRoutes as (message: unknown) => void);
    }
  });
  after(() => t.close());

  it('on every phone number: the API refuses exactly what the contract\'s phone rule refuses', async () => {
    const c = t.client();
    for (const phone of PHONES) {
      const res = await c.get(`/api/admin/user/details?phone=${encodeURIComponent(phone)}`);
      const serverAccepts = res.status === 200;
      if (!serverAccepts) assert.deepEqual([res.status, res.body.msg], [400, '请输入合法手机号'], phone);
      const ruleAccepts = MOBILE_PATTERN.test(phone);
      assert.equal(ruleAccepts, serverAccepts, `${JSON.stringify(phone)}: rule ${ruleAccepts}, server ${serverAccepts}`);
    }
  });

  it('the group config tells the login page the SMS resend cooldown the server runs with', async () => {
    const res = await t.client().get('/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=localhost');
    assert.equal(res.status, 200);
    assert.equal(res.body.data.smsCooldownSeconds, 45);
  });

  it('the request log masks every number the rule accepts, and only those', () => {
    for (const phone of PHONES.filter((p) => /^[0-9]{11}$/.test(p))) {
      const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
      const expected = MOBILE_PATTERN.test(phone) ? masked : phone;
      assert.equal(redactUrl(`/api/admin/mobile/${phone}`), `/api/admin/mobile/${expected}`, phone);
      assert.equal(redactUrl(`/api/admin/user/details?phone=${phone}`), `/api/admin/user/details?phone=${expected}`, phone);
    }
  });

  it('the GET routes marked xsrf on the server are exactly the contract\'s XSRF_GET_PATHS', () => {
    const gets = routes.filter((route) => [route.method].flat().includes('GET'));
    assert.ok(gets.some((route) => route.url === '/api/centerAuth/sso/isLogin'), 'the route walk saw the API');
    const marked = gets.filter((route) => route.config?.xsrf === true);
    assert.deepEqual(marked.map((route) => route.url.replace(/^\/api/, '')).sort(), [...XSRF_GET_PATHS].sort());
  });
});

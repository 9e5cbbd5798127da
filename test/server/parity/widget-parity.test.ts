// Rules the widget and the server each apply must be the same rule: the phone shape (one pattern,
// contract/rules/phone.ts) and which GET routes need the XSRF header (the widget's list in
// widget/core/xsrf.ts, the server's config: { xsrf: true } on the routes).
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { validatePhone } from '../../../widget/core/validators.ts';
import { needsXsrf, STATE_CHANGING_GETS } from '../../../widget/core/xsrf.ts';
import { redactUrl } from '../../../server/http/log-redaction.ts';

const [sqlite] = testBackends();

// What the form sends (it trims the field first).
const PHONES = [
  '13800000001', '14012345678', '14512345678', '15912345678', '16612345678', '17712345678',
  '18612345678', '19112345678', '19412345678', '19912345678',
  '', '1380000000', '138000000012', '10012345678', '11800000001', '12800000001', '23800000001',
  '1380000000a', '+8613800000001', '138****0001', '****', 'abc****',
];

describe('widget and server agree', () => {
  const routes: RouteOptions[] = [];
  const watchRoutes = ({ fastify }: { fastify: FastifyInstance }) => {
    fastify.addHook('onRoute', (route) => void routes.push(route));
  };
  let t: TestApp;
  before(async () => {
    // Every Fastify instance announces itself here before any route is added.
    diagnostics.subscribe('fastify.initialization', watchRoutes as (message: unknown) => void);
    try {
      t = await buildTestApp(sqlite!, { userLookupPerMinute: 1000 });
    } finally {
      diagnostics.unsubscribe('fastify.initialization', watchRoutes as (message: unknown) => void);
    }
  });
  after(() => t.close());

  it('on every phone number: the register form refuses exactly what the API refuses', async () => {
    const c = t.client();
    for (const phone of PHONES) {
      const res = await c.get(`/api/admin/user/details?phone=${encodeURIComponent(phone)}`);
      const serverAccepts = res.status === 200;
      if (!serverAccepts) assert.deepEqual([res.status, res.body.msg], [400, '请输入合法手机号'], phone);
      const widgetAccepts = validatePhone(phone) === null;
      assert.equal(widgetAccepts, serverAccepts, `${JSON.stringify(phone)}: widget ${widgetAccepts}, server ${serverAccepts}`);
    }
  });

  it('the request log masks every number the rule accepts, and only those', () => {
    for (const phone of PHONES.filter((p) => /^[0-9]{11}$/.test(p))) {
      const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
      const expected = validatePhone(phone) === null ? masked : phone;
      assert.equal(redactUrl(`/api/admin/mobile/${phone}`), `/api/admin/mobile/${expected}`, phone);
      assert.equal(redactUrl(`/api/admin/user/details?phone=${phone}`), `/api/admin/user/details?phone=${expected}`, phone);
    }
  });

  it('the GET routes marked xsrf on the server are exactly the widget\'s STATE_CHANGING_GETS', () => {
    const gets = routes.filter((route) => [route.method].flat().includes('GET'));
    assert.ok(gets.some((route) => route.url === '/api/centerAuth/sso/isLogin'), 'the route walk saw the API');
    const marked = gets.filter((route) => route.config?.xsrf === true);
    // '/api/admin/mobile/:phone' -> '/admin/mobile/': the widget matches by prefix.
    const asPrefix = (url: string) => url.replace(/^\/api/, '').replace(/:[^/]*$/, '');
    assert.deepEqual(marked.map((route) => asPrefix(route.url)).sort(), [...STATE_CHANGING_GETS].sort());
    for (const route of gets) {
      const path = route.url.replace(/^\/api/, '').replace(/:[^/]+/g, '13800000001');
      assert.equal(needsXsrf('GET', path), route.config?.xsrf === true, route.url);
    }
  });
});

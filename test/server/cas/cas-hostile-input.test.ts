// Malformed and hostile CAS requests, each answered with the right error and never a 5xx: services
// that would make the portal an open redirect or stretch a prefix pattern, replayed tickets,
// tickets for another service, proxy tickets, repeated parameters, markup in parameters (never
// echoed raw), forged sign-out forms.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { addCasService, raw, ticketOf, validateUrl, type RawAnswer } from './cas-helpers.ts';

const ERP = 'https://erp.example.com/app/';
const enc = encodeURIComponent;

interface Row {
  name: string;
  request: (ctx: { ticket: () => Promise<string> }) => Promise<[method: 'GET' | 'POST', url: string, form?: Record<string, string>]>;
  status: number;
  body?: RegExp;
  /** No redirect anywhere (open redirect). */
  noRedirect?: boolean;
}

const ROWS: Row[] = [
  { name: 'service with the javascript: scheme', request: async () => ['GET', `/cas/login?service=${enc('javascript:alert(1)')}`], status: 400, body: /service 参数不是有效的网址/, noRedirect: true },
  { name: 'protocol-relative service', request: async () => ['GET', `/cas/login?service=${enc('//evil.example/')}`], status: 400, noRedirect: true },
  { name: 'service on a look-alike host', request: async () => ['GET', `/cas/login?service=${enc('https://erp.example.com.evil.example/app/')}`], status: 403, body: /未在统一登录平台登记/, noRedirect: true },
  { name: 'service with user info before the host', request: async () => ['GET', `/cas/login?service=${enc('https://erp.example.com@evil.example/app/')}`], status: 400, noRedirect: true },
  { name: 'prefix escaped by dot segments', request: async () => ['GET', `/cas/login?service=${enc(`${ERP}../admin`)}`], status: 403, noRedirect: true },
  { name: 'prefix escaped by encoded dot segments', request: async () => ['GET', `/cas/login?service=${enc(`${ERP}%2e%2e/admin`)}`], status: 403, noRedirect: true },
  { name: 'service with an encoded line break', request: async () => ['GET', `/cas/login?service=${enc(`${ERP}x%0d%0aSet-Cookie:a=b`)}`], status: 400, noRedirect: true },
  { name: 'service with a backslash', request: async () => ['GET', `/cas/login?service=${enc('https://erp.example.com\\@evil.example/app/')}`], status: 400, noRedirect: true },
  { name: 'service longer than 2048 characters', request: async () => ['GET', `/cas/login?service=${enc(`${ERP}${'a'.repeat(2100)}`)}`], status: 400, noRedirect: true },
  { name: 'service given twice', request: async () => ['GET', `/cas/login?service=${enc(`${ERP}a`)}&service=${enc('https://evil.example/')}`], status: 400, noRedirect: true },
  { name: 'gateway to an unregistered service', request: async () => ['GET', `/cas/login?gateway=true&service=${enc('https://evil.example/')}`], status: 403, noRedirect: true },
  { name: 'unknown login request to resume', request: async () => ['GET', '/cas/login?resume=forged'], status: 400, body: /登录请求已过期/, noRedirect: true },
  { name: 'validation without a ticket', request: async () => ['GET', `/cas/p3/serviceValidate?service=${enc(`${ERP}a`)}`], status: 200, body: /code="INVALID_REQUEST"/ },
  { name: 'validation without a service', request: async () => ['GET', '/cas/p3/serviceValidate?ticket=ST-abcdefghijklmnopqrstuvwxyz'], status: 200, body: /code="INVALID_REQUEST"/ },
  { name: 'ticket given twice', request: async ({ ticket }) => ['GET', `${validateUrl('p3/serviceValidate', await ticket(), `${ERP}a`)}&ticket=ST-other`], status: 200, body: /code="INVALID_REQUEST"/ },
  { name: 'ticket for another service', request: async ({ ticket }) => ['GET', validateUrl('p3/serviceValidate', await ticket(), `${ERP}b`)], status: 200, body: /code="INVALID_SERVICE"/ },
  { name: 'proxy ticket at serviceValidate', request: async () => ['GET', validateUrl('serviceValidate', 'PT-abcdefghijklmnopqrstuvwxyz', `${ERP}a`)], status: 200, body: /code="INVALID_TICKET_SPEC"/ },
  { name: 'markup in the ticket is not echoed', request: async () => ['GET', validateUrl('p3/serviceValidate', 'ST-<x:y>&"', `${ERP}a`)], status: 200, body: /^(?![\s\S]*<x:y>)[\s\S]*code="INVALID_TICKET"/ },
  { name: 'markup in the ticket, JSON', request: async () => ['GET', validateUrl('p3/serviceValidate', 'ST-"}]</script>', `${ERP}a`, '&format=JSON')], status: 200, body: /"code":"INVALID_TICKET"/ },
  { name: 'CAS 1.0 with a forged ticket', request: async () => ['GET', validateUrl('validate', 'ST-forgedforgedforgedforged', `${ERP}a`)], status: 200, body: /^no\n\n$/ },
  { name: 'proxy request', request: async () => ['GET', `/cas/proxy?pgt=PGT-x&targetService=${enc('https://evil.example/')}`], status: 200, body: /code="INVALID_REQUEST"/ },
  { name: 're-authentication going anywhere but a pending sign-in', request: async () => ['POST', '/cas/reauthenticate', { next: 'https://evil.example/', client: 'erp', token: 'x' }], status: 400, noRedirect: true },
  { name: 're-authentication form without its token', request: async () => ['POST', '/cas/reauthenticate', { next: '/cas/login?resume=abcdefghijklmnop', client: 'erp' }], status: 403, noRedirect: true },
  { name: 'sign-out form without its token', request: async () => ['POST', '/cas/logout', { service: `${ERP}a` }], status: 403, noRedirect: true },
  { name: 'sign-out to an unregistered service', request: async () => ['GET', `/cas/logout?service=${enc('https://evil.example/')}`], status: 200, body: /退出登录/, noRedirect: true },
];

for (const backend of testBackends()) describe(`hostile CAS requests (${backend.name})`, () => {
  let t: TestApp;
  let zhangwei: Client;

  before(async () => {
    t = await buildTestApp(backend);
    await addCasService(t.ctx, 'erp', [`${ERP}*`]);
    zhangwei = t.client();
    assert.equal((await zhangwei.login('zhangwei', DEMO.zhangwei)).body.code, 200);
  });
  after(() => t.close());

  const ticket = async () => ticketOf((await raw(t.app, 'GET', `/cas/login?service=${enc(`${ERP}a`)}`, zhangwei)).location);

  for (const row of ROWS) {
    it(row.name, async () => {
      const [method, url, form] = await row.request({ ticket });
      const answer: RawAnswer = await raw(t.app, method, url, zhangwei, form);
      assert.ok(answer.status < 500, `no 5xx (${answer.status})`);
      assert.equal(answer.status, row.status, answer.body.slice(0, 300));
      if (row.body) assert.match(answer.body, row.body);
      if (row.noRedirect) assert.equal(answer.location, undefined);
    });
  }

  it('a replayed ticket is refused the second time', async () => {
    const used = await ticket();
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', used, `${ERP}a`))).body, /<cas:user>zhangwei</);
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', used, `${ERP}a`))).body, /code="INVALID_TICKET"/);
    assert.equal((await raw(t.app, 'GET', validateUrl('validate', used, `${ERP}a`))).body, 'no\n\n');
  });

  it('two validations racing for one ticket: one success', async () => {
    const one = await ticket();
    const answers = await Promise.all([0, 1, 2, 3].map(() => raw(t.app, 'GET', validateUrl('p3/serviceValidate', one, `${ERP}a`))));
    assert.equal(answers.filter((a) => a.body.includes('authenticationSuccess')).length, 1);
  });
});

// The CAS 3.0 server on every storage mode: login with service / renew / gateway on the portal
// session, tickets (random, single use, 10 s, bound to the exact service), the three validation
// forms and their attributes, access by --group, logout with its confirmation form.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { addCasService, raw, ticketOf, validateUrl } from './cas-helpers.ts';

const ERP = 'https://erp.example.com/app/';
const DMS = 'https://dms.example.com/';

for (const backend of testBackends()) describe(`CAS server (${backend.name})`, () => {
  let t: TestApp;
  let zhangwei: Client;
  let dealer: Client;

  before(async () => {
    t = await buildTestApp(backend);
    await addCasService(t.ctx, 'erp', ['https://erp.example.com/app/*'], ['default'], '企业资源计划');
    await addCasService(t.ctx, 'dms', [DMS]);
    zhangwei = t.client();
    assert.equal((await zhangwei.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    dealer = t.client();
    assert.equal((await dealer.login('dealer01', DEMO.dealer01)).body.code, 200);
  });
  after(() => t.close());

  const login = (client: Client | undefined, service: string, extra = '') =>
    raw(t.app, 'GET', `/cas/login?service=${encodeURIComponent(service)}${extra}`, client);

  it('signed in: a ticket at once, and p3/serviceValidate answers the user and attributes (XML)', async () => {
    const service = `${ERP}orders?id=7`;
    const answer = await login(zhangwei, service);
    assert.equal(answer.status, 303);
    assert.ok(answer.location!.startsWith(`${service}&ticket=ST-`));
    const ticket = ticketOf(answer.location);
    assert.ok(ticket.length > 40);
    const xml = await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, service));
    assert.equal(xml.status, 200);
    assert.match(xml.contentType!, /xml/);
    assert.match(xml.body, /<cas:authenticationSuccess><cas:user>zhangwei<\/cas:user>/);
    assert.match(xml.body, /<cas:username>zhangwei<\/cas:username><cas:name>zhangwei<\/cas:name><cas:phone>13800000002<\/cas:phone>/);
    assert.match(xml.body, /<cas:groups>default<\/cas:groups>/);
    assert.match(xml.body, /<cas:groups>icar<\/cas:groups>/);
    // Single use.
    const again = await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, service));
    assert.match(again.body, /<cas:authenticationFailure code="INVALID_TICKET">/);
  });

  it('format=JSON, CAS 1.0 validate, and serviceValidate', async () => {
    const json = await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticketOf((await login(zhangwei, DMS)).location), DMS, '&format=JSON'));
    const body = JSON.parse(json.body);
    assert.equal(body.serviceResponse.authenticationSuccess.user, 'zhangwei');
    assert.deepEqual(body.serviceResponse.authenticationSuccess.attributes.groups.includes('default'), true);
    const v1 = await raw(t.app, 'GET', validateUrl('validate', ticketOf((await login(zhangwei, DMS)).location), DMS));
    assert.equal(v1.body, 'yes\nzhangwei\n');
    const v1Again = await raw(t.app, 'GET', validateUrl('validate', 'ST-unknownunknownunknownunknown', DMS));
    assert.equal(v1Again.body, 'no\n\n');
    const v2 = await raw(t.app, 'GET', validateUrl('serviceValidate', ticketOf((await login(zhangwei, DMS)).location), DMS));
    assert.match(v2.body, /<cas:user>zhangwei<\/cas:user>/);
    const jsonFailure = JSON.parse((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', 'ST-nope', DMS, '&format=JSON'))).body);
    assert.equal(jsonFailure.serviceResponse.authenticationFailure.code, 'INVALID_TICKET');
  });

  it('a ticket is bound to the exact service and lives 10 seconds', async () => {
    const ticket = ticketOf((await login(zhangwei, `${ERP}a`)).location);
    const other = await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, `${ERP}b`));
    assert.match(other.body, /code="INVALID_SERVICE"/);
    // A mismatch used the ticket up.
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, `${ERP}a`))).body, /code="INVALID_TICKET"/);
    const late = ticketOf((await login(zhangwei, `${ERP}a`)).location);
    t.clock.advance(10_001);
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', late, `${ERP}a`))).body, /code="INVALID_TICKET"/);
  });

  it('signed out: the portal login page, coming back to /cas/login; gateway returns without a ticket', async () => {
    const anonymous = t.client();
    const answer = await login(anonymous, DMS);
    assert.equal(answer.status, 303);
    const page = new URL(answer.location!, 'http://localhost');
    assert.equal(page.pathname, '/');
    assert.equal(page.searchParams.get('clientId'), 'dms');
    const callBack = page.searchParams.get('callBack')!;
    assert.match(callBack, /^\/cas\/login\?resume=[A-Za-z0-9_-]+$/);
    assert.equal((await anonymous.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    const back = await raw(t.app, 'GET', callBack, anonymous);
    assert.equal(back.status, 303);
    assert.ok(back.location!.startsWith(`${DMS}?ticket=ST-`));
    // The login request is used up.
    assert.equal((await raw(t.app, 'GET', callBack, anonymous)).status, 400);
    const gateway = await login(t.client(), DMS, '&gateway=true');
    assert.equal(gateway.location, DMS);
  });

  it('renew=true asks for the password again and its ticket passes validation with renew', async () => {
    const client = t.client();
    await client.login('zhangwei', DEMO.zhangwei);
    const plain = ticketOf((await login(client, DMS)).location);
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', plain, DMS, '&renew=true'))).body, /code="INVALID_TICKET"/);
    // A GET another site could trigger must not sign out: a page of ours asks first.
    const asked = await login(client, DMS, '&renew=true');
    assert.equal(asked.status, 200);
    assert.match(asked.body, /要求您重新输入账号和密码/);
    assert.equal((await client.get('/api/centerAuth/sso/isLogin')).body.data, true, 'still signed in until the person agrees');
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(asked.body)![1]!.replace(/&amp;/g, '&');
    assert.equal((await raw(t.app, 'POST', '/cas/reauthenticate', client, { token: 'forged', next: field('next'), client: field('client') })).status, 403);
    const answer = await raw(t.app, 'POST', '/cas/reauthenticate', client, { token: field('token'), next: field('next'), client: field('client') });
    assert.equal(answer.status, 303);
    const callBack = new URL(answer.location!, 'http://localhost').searchParams.get('callBack')!;
    assert.match(callBack, /^\/cas\/login\?resume=/);
    assert.equal((await client.get('/api/centerAuth/sso/isLogin')).body.data, false, 'signed out for the new sign-in');
    t.clock.advance(1);
    await client.login('zhangwei', DEMO.zhangwei);
    const fresh = ticketOf((await raw(t.app, 'GET', callBack, client)).location);
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', fresh, DMS, '&renew=true'))).body, /<cas:isFromNewLogin>true</);
  });

  it('an unregistered service, or an account outside the service\'s groups, gets a Chinese page', async () => {
    const unknown = await login(zhangwei, 'https://evil.example/');
    assert.equal(unknown.status, 403);
    assert.match(unknown.body, /未在统一登录平台登记/);
    const prefixTrick = await login(zhangwei, 'https://erp.example.com/app/../admin');
    assert.equal(prefixTrick.status, 403);
    const refused = await login(dealer, `${ERP}x`);
    assert.equal(refused.status, 403);
    assert.match(refused.body, /无权使用该应用/);
    const allowed = await login(dealer, DMS);
    assert.equal(allowed.status, 303);
  });

  it('proxy endpoints answer INVALID_REQUEST; a proxy ticket is not a service ticket', async () => {
    assert.match((await raw(t.app, 'GET', '/cas/proxy?pgt=PGT-1&targetService=https://x/')).body, /<cas:proxyFailure code="INVALID_REQUEST">/);
    assert.match((await raw(t.app, 'GET', validateUrl('proxyValidate', 'PT-123', DMS))).body, /code="INVALID_REQUEST"/);
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', 'PT-12345678901234567890', DMS))).body, /code="INVALID_TICKET_SPEC"/);
  });

  it('logout: a GET asks, the form signs out, then goes to a registered service only', async () => {
    const client = t.client();
    await client.login('zhangwei', DEMO.zhangwei);
    const ticket = ticketOf((await login(client, DMS)).location);
    const ask = await raw(t.app, 'GET', `/cas/logout?service=${encodeURIComponent(DMS)}`, client);
    assert.equal(ask.status, 200);
    assert.match(ask.body, /退出登录/);
    const token = /name="token" value="([^"]+)"/.exec(ask.body)![1]!;
    assert.equal((await raw(t.app, 'POST', '/cas/logout', client, { token: 'forged', service: DMS })).status, 403);
    const done = await raw(t.app, 'POST', '/cas/logout', client, { token, service: DMS });
    assert.equal(done.status, 303);
    assert.equal(done.location, DMS);
    // The session is over: its unredeemed ticket no longer validates.
    assert.match((await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticket, DMS))).body, /code="INVALID_TICKET"/);
    const offsite = await raw(t.app, 'GET', '/cas/logout?service=https%3A%2F%2Fevil.example%2F', client);
    assert.equal(offsite.status, 200);
    assert.match(offsite.body, /已退出登录/);
  });
  it('a forced password change comes first: firstlogin gets a ticket only after changing it on the login page', async () => {
    const browser = t.client();
    const callBack = new URL((await login(browser, DMS)).location!, 'http://localhost').searchParams.get('callBack')!;
    assert.equal((await browser.login('firstlogin', DEMO.firstlogin)).body.code, 'AU00154');
    assert.equal((await raw(t.app, 'GET', callBack, browser)).location?.startsWith(DMS), false, 'no ticket before the change');
    const changed = await browser.post('/api/centerAuth/user/changePassword', {
      json: { userName: 'firstlogin', oldPassword: await browser.encrypt(DEMO.firstlogin), newPassword: await browser.encrypt('New@2026first'), confirmPassword: await browser.encrypt('New@2026first') },
    });
    assert.equal(changed.body.code, 200);
    assert.equal((await browser.login('firstlogin', 'New@2026first')).body.code, 200);
    const back = await raw(t.app, 'GET', callBack, browser);
    const v = await raw(t.app, 'GET', validateUrl('p3/serviceValidate', ticketOf(back.location), DMS));
    assert.match(v.body, /<cas:user>firstlogin<\/cas:user>/);
  });
});

// The SAML 2.0 identity provider on every storage mode, against samlify's SP side: metadata,
// SP-initiated SSO over the Redirect and POST bindings, signed assertions with NameID persistent
// (the OpenID Connect subject) or unspecified (the username) and the attributes, IdP-initiated
// SSO, access by --group, the sign-in on the portal's login page, SP-initiated single logout.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { raw } from '../cas/cas-helpers.ts';
import { formOf, localPath, registerTestSp, type TestSp } from './saml-sp.ts';

interface LoginExtract {
  nameID: string;
  attributes: Record<string, string> & { groups: string[] };
  sessionIndex: { sessionIndex: string };
}

/** samlify's SP side reads (and checks the signatures of) the IdP's response. */
async function parsed(sp: TestSp, request: { body: Record<string, string> }): Promise<{ extract: LoginExtract }> {
  return (await sp.sp.parseLoginResponse(sp.idp, 'post', request)) as unknown as { extract: LoginExtract };
}

for (const backend of testBackends()) describe(`SAML identity provider (${backend.name})`, () => {
  let t: TestApp;
  let zhangwei: Client;
  let crm: TestSp;
  let staff: TestSp;
  let plain: TestSp;

  before(async () => {
    t = await buildTestApp(backend);
    crm = await registerTestSp(t, 'crm');
    staff = await registerTestSp(t, 'staff-hr', { groups: ['default'] });
    plain = await registerTestSp(t, 'wiki', { signed: false, nameIdFormat: 'unspecified' });
    zhangwei = t.client();
    assert.equal((await zhangwei.login('zhangwei', DEMO.zhangwei)).body.code, 200);
  });
  after(() => t.close());

  it('publishes its metadata with the signing certificate and both bindings', async () => {
    const answer = await raw(t.app, 'GET', '/saml/metadata');
    assert.equal(answer.status, 200);
    assert.match(answer.body, /entityID="http:\/\/localhost:\d+\/saml\/metadata"|entityID="[^"]+\/saml\/metadata"/);
    assert.match(answer.body, /X509Certificate>MII/);
    assert.match(answer.body, /HTTP-Redirect" Location="[^"]+\/saml\/sso"/);
    assert.match(answer.body, /HTTP-POST" Location="[^"]+\/saml\/sso"/);
  });

  it('Redirect binding: a signed AuthnRequest from a signed-in browser gets a signed assertion with the attributes', async () => {
    const { context } = crm.sp.createLoginRequest(crm.idp, 'redirect') as { context: string };
    const answer = await raw(t.app, 'GET', localPath(context), zhangwei);
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const form = formOf(answer.body);
    assert.equal(form.action, 'https://crm.example.com/acs');
    const { extract } = await parsed(crm, { body: form.fields });
    assert.match(extract.nameID, /^[0-9a-f-]{36}$/, 'persistent: the OpenID Connect subject');
    assert.equal(extract.attributes.username, 'zhangwei');
    assert.equal(extract.attributes.phone, '13800000002');
    assert.ok(extract.attributes.groups.includes('icar'));
    assert.match(Buffer.from(form.fields.SAMLResponse!, 'base64').toString(), /<saml:Assertion[^>]*>.*<ds:Signature/);
  });

  it('POST binding, and NameID unspecified (the username) for an SP registered so', async () => {
    const request = plain.sp.createLoginRequest(plain.idp, 'post') as { context: string; relayState?: string };
    const answer = await raw(t.app, 'POST', '/saml/sso', zhangwei, { SAMLRequest: request.context, RelayState: '/after' });
    const form = formOf(answer.body);
    assert.equal(form.fields.RelayState, '/after');
    const { extract } = await parsed(plain, { body: form.fields });
    assert.equal(extract.nameID, 'zhangwei');
  });

  it('signed out: the portal login page, then back with the assertion', async () => {
    const browser = t.client();
    const { context } = crm.sp.createLoginRequest(crm.idp, 'redirect') as { context: string };
    const first = await raw(t.app, 'GET', localPath(context), browser);
    assert.equal(first.status, 303);
    const callBack = new URL(first.location!, 'http://localhost').searchParams.get('callBack')!;
    assert.match(callBack, /^\/saml\/sso\/resume\?id=/);
    await browser.login('zhangwei', DEMO.zhangwei);
    const back = await raw(t.app, 'GET', callBack, browser);
    const { extract } = await parsed(crm, { body: formOf(back.body).fields });
    assert.equal(extract.attributes.username, 'zhangwei');
    assert.equal((await raw(t.app, 'GET', callBack, browser)).status, 400, 'used once');
  });

  it('IdP-initiated: the app card\'s link answers an unsolicited assertion', async () => {
    const answer = await raw(t.app, 'GET', '/saml/sso/initiate?sp=crm', zhangwei);
    const { extract } = await parsed(crm, { body: formOf(answer.body).fields });
    assert.equal(extract.attributes.username, 'zhangwei');
  });

  it('a dealer is refused by a staff-only SP with a Chinese page', async () => {
    const dealer = t.client();
    await dealer.login('dealer01', DEMO.dealer01);
    const { context } = staff.sp.createLoginRequest(staff.idp, 'redirect') as { context: string };
    const answer = await raw(t.app, 'GET', localPath(context), dealer);
    assert.equal(answer.status, 403);
    assert.match(answer.body, /无权使用该应用/);
  });

  it('SP-initiated single logout (Redirect): the portal session ends and a signed LogoutResponse goes back', async () => {
    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    const { context } = crm.sp.createLoginRequest(crm.idp, 'redirect') as { context: string };
    const login = await parsed(crm, { body: formOf((await raw(t.app, 'GET', localPath(context), browser)).body).fields });
    const logout = crm.sp.createLogoutRequest(crm.idp, 'redirect', { logoutNameID: login.extract.nameID, sessionIndex: login.extract.sessionIndex.sessionIndex }) as { context: string };
    const answer = await raw(t.app, 'GET', localPath(logout.context), browser);
    assert.equal(answer.status, 303, answer.body.slice(0, 300));
    assert.ok(answer.location!.startsWith('https://crm.example.com/slo?SAMLResponse='));
    const back = new URL(answer.location!);
    // Its signature checked by samlify's SP side, its status read from the XML.
    await crm.sp.parseLogoutResponse(crm.idp, 'redirect', { query: Object.fromEntries(back.searchParams), octetString: back.search.slice(1).split('&').filter((p) => !p.startsWith('Signature=')).join('&') });
    assert.match(zlib.inflateRawSync(Buffer.from(back.searchParams.get('SAMLResponse')!, 'base64')).toString(), /StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/);
    assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the portal session ended');
  });
  it('SP-initiated single logout (POST): answered with a signed LogoutResponse posted to the SP', async () => {
    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    const { context } = crm.sp.createLoginRequest(crm.idp, 'redirect') as { context: string };
    const login = await parsed(crm, { body: formOf((await raw(t.app, 'GET', localPath(context), browser)).body).fields });
    const logout = crm.sp.createLogoutRequest(crm.idp, 'post', { logoutNameID: login.extract.nameID, sessionIndex: login.extract.sessionIndex.sessionIndex }) as { context: string };
    const answer = await raw(t.app, 'POST', '/saml/slo', browser, { SAMLRequest: logout.context, RelayState: 'back' });
    const form = formOf(answer.body);
    assert.equal(form.action, 'https://crm.example.com/slo');
    assert.equal(form.fields.RelayState, 'back');
    await crm.sp.parseLogoutResponse(crm.idp, 'post', { body: form.fields });
    assert.match(Buffer.from(form.fields.SAMLResponse!, 'base64').toString(), /StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/);
    assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the portal session ended');
  });
});

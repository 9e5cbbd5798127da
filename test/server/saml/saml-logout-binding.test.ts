// Issue 31, points 8 and 10: what a LogoutRequest must carry before it ends a portal session.
// Signature wrapping: a captured signed LogoutRequest moved inside a forged outer one with a fresh
// ID (which also dodges the replay check) must be refused, the signature being bound to the root
// element (its reference URI "#" + the root's ID). Cross-site GET: an unsigned LogoutRequest from
// an SP that does not sign ends the session only when it names the NameID and the SessionIndex
// this IdP issued to that browser's sign-in.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { raw } from '../cas/cas-helpers.ts';
import { formOf, localPath, registerTestSp, type TestSp } from './saml-sp.ts';

const REQUESTER = 'urn:oasis:names:tc:SAML:2.0:status:Requester';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const postParam = (xml: string): string => Buffer.from(xml).toString('base64');
const redirectParam = (xml: string): string => encodeURIComponent(zlib.deflateRawSync(Buffer.from(xml)).toString('base64'));

interface SignedIn {
  browser: Client;
  nameId: string;
  sessionIndex: string;
}

for (const backend of testBackends()) describe(`SAML logout requests bound to what was signed and issued (${backend.name})`, () => {
  let t: TestApp;
  let crm: TestSp;
  let wiki: TestSp;
  before(async () => {
    t = await buildTestApp(backend);
    crm = await registerTestSp(t, 'crm');
    wiki = await registerTestSp(t, 'wiki', { signed: false, nameIdFormat: 'unspecified' });
  });
  after(() => t.close());

  async function signInTo(sp: TestSp): Promise<SignedIn> {
    const browser = t.client();
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    const { context } = sp.sp.createLoginRequest(sp.idp, 'redirect') as { context: string };
    const form = formOf((await raw(t.app, 'GET', localPath(context), browser)).body);
    const xml = Buffer.from(form.fields.SAMLResponse!, 'base64').toString();
    const nameId = /<saml:NameID[^>]*>([^<]+)</.exec(xml)![1]!;
    const sessionIndex = /SessionIndex="([^"]+)"/.exec(xml)![1]!;
    return { browser, nameId, sessionIndex };
  }

  const statusOf = (answer: { status: number; body: string; location?: string }): string => {
    if (answer.location) {
      const xml = zlib.inflateRawSync(Buffer.from(new URL(answer.location).searchParams.get('SAMLResponse')!, 'base64')).toString();
      return /StatusCode Value="([^"]+)"/.exec(xml)![1]!;
    }
    const xml = Buffer.from(formOf(answer.body).fields.SAMLResponse!, 'base64').toString();
    return /StatusCode Value="([^"]+)"/.exec(xml)![1]!;
  };
  const signedIn = async (browser: Client) => (await browser.get('/api/centerAuth/sso/isLogin')).body.data as boolean;

  it('refuses a captured signed LogoutRequest moved inside a forged outer request with a fresh ID', async () => {
    const victim = await signInTo(crm);
    // Captured from another sign-in of the same person (or of this one, used once already).
    const captured = crm.sp.createLogoutRequest(crm.idp, 'post', { logoutNameID: victim.nameId, sessionIndex: 'an-old-index' }) as { context: string };
    const original = Buffer.from(captured.context, 'base64').toString().replace(/^<\?xml[^>]*>/, '');
    // The signature moves up to the forged root; the signed element, without it, hides in Extensions
    // (its enveloped digest is the same), where the signature's reference "#<old ID>" still finds it.
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(original)![0];
    const inner = original.replace(signature, '');
    const forged = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_fresh${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}">`
      + `<saml:Issuer>${crm.entityId}</saml:Issuer>${signature}<samlp:Extensions>${inner}</samlp:Extensions>`
      + `<saml:NameID>${victim.nameId}</saml:NameID><samlp:SessionIndex>${victim.sessionIndex}</samlp:SessionIndex></samlp:LogoutRequest>`;
    const answer = await raw(t.app, 'POST', '/saml/slo', victim.browser, { SAMLRequest: postParam(forged) });
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    assert.equal(statusOf(answer), REQUESTER);
    assert.equal(await signedIn(victim.browser), true, 'the session stays');
  });

  it('refuses a signed LogoutRequest whose signature references another element than its root', async () => {
    const victim = await signInTo(crm);
    const captured = Buffer.from((crm.sp.createLogoutRequest(crm.idp, 'post', { logoutNameID: victim.nameId, sessionIndex: victim.sessionIndex }) as { context: string }).context, 'base64').toString();
    const id = /ID="([^"]+)"/.exec(captured)![1]!;
    // The root gets a fresh ID; the signed original sits beside it under the old one.
    const reId = captured.replace(`ID="${id}"`, `ID="_other${Date.now()}"`);
    const answer = await raw(t.app, 'POST', '/saml/slo', victim.browser, { SAMLRequest: postParam(reId) });
    assert.equal(statusOf(answer), REQUESTER);
    assert.equal(await signedIn(victim.browser), true);
  });

  it('a signed LogoutRequest bound to its root still ends the session', async () => {
    const victim = await signInTo(crm);
    const request = crm.sp.createLogoutRequest(crm.idp, 'post', { logoutNameID: victim.nameId, sessionIndex: victim.sessionIndex }) as { context: string };
    const answer = await raw(t.app, 'POST', '/saml/slo', victim.browser, { SAMLRequest: request.context });
    assert.equal(statusOf(answer), SUCCESS);
    assert.equal(await signedIn(victim.browser), false);
  });

  const unsigned = (o: { nameId?: string; sessionIndex?: string }) => `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_u${Math.random().toString(16).slice(2)}" Version="2.0" IssueInstant="${new Date().toISOString()}">`
    + `<saml:Issuer>${wiki.entityId}</saml:Issuer>${o.nameId === undefined ? '' : `<saml:NameID>${o.nameId}</saml:NameID>`}`
    + `${o.sessionIndex === undefined ? '' : `<samlp:SessionIndex>${o.sessionIndex}</samlp:SessionIndex>`}</samlp:LogoutRequest>`;

  it('an unsigned LogoutRequest by a cross-site GET without the NameID, or without the SessionIndex issued, leaves the session', async () => {
    const victim = await signInTo(wiki);
    // Malformed for an SP that does not sign: Requester.
    for (const xml of [unsigned({}), unsigned({ sessionIndex: victim.sessionIndex }), unsigned({ nameId: victim.nameId })]) {
      const answer = await raw(t.app, 'GET', `/saml/slo?SAMLRequest=${redirectParam(xml)}`, victim.browser);
      assert.equal(statusOf(answer), REQUESTER, xml);
      assert.equal(await signedIn(victim.browser), true, xml);
    }
    // Well formed, naming a sign-in this browser does not have: nothing of it ends.
    for (const xml of [unsigned({ nameId: victim.nameId, sessionIndex: 'guessed' }), unsigned({ nameId: 'lisi', sessionIndex: victim.sessionIndex })]) {
      await raw(t.app, 'GET', `/saml/slo?SAMLRequest=${redirectParam(xml)}`, victim.browser);
      assert.equal(await signedIn(victim.browser), true, xml);
    }
    const good = await raw(t.app, 'GET', `/saml/slo?SAMLRequest=${redirectParam(unsigned({ nameId: victim.nameId, sessionIndex: victim.sessionIndex }))}`, victim.browser);
    assert.equal(statusOf(good), SUCCESS);
    assert.equal(await signedIn(victim.browser), false);
  });
});

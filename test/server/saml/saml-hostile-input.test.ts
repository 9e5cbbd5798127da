// Malformed and hostile SAML requests, each answered with the status the specification names
// (a signed Response to the SP's registered ACS when the sender is a registered SP, a Chinese
// page naming the status otherwise), never a 5xx and never a Success: unsigned requests from an
// SP that signs, DOCTYPE / external and internal entities, signature wrapping and tampering,
// replayed IDs, wrong destinations, stale timestamps, unknown issuers, deflate bombs.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { raw, type RawAnswer } from '../cas/cas-helpers.ts';
import { formOf, localPath, registerTestSp, type TestSp } from './saml-sp.ts';

const REQUESTER = 'urn:oasis:names:tc:SAML:2.0:status:Requester';
const DENIED = 'urn:oasis:names:tc:SAML:2.0:status:RequestDenied';

interface Authn {
  id?: string;
  instant?: string;
  destination?: string | null;
  acs?: string;
  issuer?: string;
  inside?: string;
}

const redirectParam = (xml: string): string => encodeURIComponent(zlib.deflateRawSync(Buffer.from(xml)).toString('base64'));
const postParam = (xml: string): string => Buffer.from(xml).toString('base64');

/** The statuses of the Response an answer posts to the SP (top level, second level). */
function statusesOf(answer: RawAnswer): { action: string; codes: string[] } {
  const form = formOf(answer.body);
  const xml = Buffer.from(form.fields.SAMLResponse!, 'base64').toString();
  return { action: form.action, codes: [...xml.matchAll(/StatusCode Value="([^"]+)"/g)].map((m) => m[1]!) };
}

for (const backend of testBackends()) describe(`hostile SAML requests (${backend.name})`, () => {
  let t: TestApp;
  let zhangwei: Client;
  let signing: TestSp;
  let plain: TestSp;
  let sso = '';

  before(async () => {
    t = await buildTestApp(backend);
    signing = await registerTestSp(t, 'erp');
    plain = await registerTestSp(t, 'wiki', { signed: false });
    sso = (plain.idp.entityMeta.getSingleSignOnService('redirect') as string);
    zhangwei = t.client();
    assert.equal((await zhangwei.login('zhangwei', DEMO.zhangwei)).body.code, 200);
  });
  after(() => t.close());

  const authn = (o: Authn = {}): string => `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.id ?? `_${Math.random().toString(16).slice(2)}`}" Version="2.0" IssueInstant="${o.instant ?? new Date().toISOString()}"${o.destination === null ? '' : ` Destination="${o.destination ?? sso}"`} AssertionConsumerServiceURL="${o.acs ?? 'https://wiki.example.com/acs'}"><saml:Issuer>${o.issuer ?? plain.entityId}</saml:Issuer>${o.inside ?? ''}</samlp:AuthnRequest>`;
  const get = (xml: string, extra = '') => raw(t.app, 'GET', `/saml/sso?SAMLRequest=${redirectParam(xml)}${extra}`, zhangwei);
  const refusedToSp = (answer: RawAnswer, second: string, action = 'https://wiki.example.com/acs') => {
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const { action: to, codes } = statusesOf(answer);
    assert.equal(to, action, 'only to the ACS the SP registered');
    assert.deepEqual(codes, [REQUESTER, second]);
  };
  const refusedPage = (answer: RawAnswer, status: number, text: RegExp = /SAML 请求无效/) => {
    assert.equal(answer.status, status, answer.body.slice(0, 300));
    assert.match(answer.body, text);
    assert.doesNotMatch(answer.body, /SAMLResponse/);
  };

  it('the baseline: a good unsigned request of the SP that does not sign is answered with Success', async () => {
    const answer = await get(authn());
    assert.deepEqual(statusesOf(answer).codes, ['urn:oasis:names:tc:SAML:2.0:status:Success']);
  });

  it('an unsigned AuthnRequest from an SP whose metadata says it signs: RequestDenied', async () => {
    refusedToSp(await get(authn({ issuer: signing.entityId, acs: 'https://erp.example.com/acs' })), DENIED, 'https://erp.example.com/acs');
  });

  it('a signed request whose ACS URL was changed after signing (POST binding): RequestDenied, never posted there', async () => {
    const { context } = signing.sp.createLoginRequest(signing.idp, 'post') as { context: string };
    const tampered = Buffer.from(context, 'base64').toString().replace('https://erp.example.com/acs', 'https://evil.example/acs');
    refusedToSp(await raw(t.app, 'POST', '/saml/sso', zhangwei, { SAMLRequest: postParam(tampered) }), DENIED, 'https://erp.example.com/acs');
  });

  it('signature wrapping: a signed request wrapped inside a forged one is refused', async () => {
    const { context } = signing.sp.createLoginRequest(signing.idp, 'post') as { context: string };
    const signed = Buffer.from(context, 'base64').toString().replace(/^<\?xml[^>]*>/, '');
    const wrapped = authn({ issuer: signing.entityId, acs: 'https://evil.example/acs', inside: `<samlp:Extensions>${signed}</samlp:Extensions>` });
    const answer = await raw(t.app, 'POST', '/saml/sso', zhangwei, { SAMLRequest: postParam(wrapped) });
    refusedToSp(answer, DENIED, 'https://erp.example.com/acs');
  });

  it('the same signed request twice (a replayed ID): the second is RequestDenied', async () => {
    const { context } = signing.sp.createLoginRequest(signing.idp, 'redirect') as { context: string };
    const first = await raw(t.app, 'GET', localPath(context), zhangwei);
    assert.deepEqual(statusesOf(first).codes, ['urn:oasis:names:tc:SAML:2.0:status:Success']);
    refusedToSp(await raw(t.app, 'GET', localPath(context), zhangwei), DENIED, 'https://erp.example.com/acs');
  });

  it('a request for another destination: RequestDenied', async () => {
    refusedToSp(await get(authn({ destination: 'https://other-idp.example/sso' })), DENIED);
  });

  it('a stale IssueInstant (10 minutes old), one from the future, one that is no time: RequestDenied', async () => {
    refusedToSp(await get(authn({ instant: new Date(Date.now() - 10 * 60_000).toISOString() })), DENIED);
    refusedToSp(await get(authn({ instant: new Date(Date.now() + 10 * 60_000).toISOString() })), DENIED);
    refusedToSp(await get(authn({ instant: 'yesterday' })), DENIED);
  });

  it('an ACS URL the metadata does not list: RequestUnsupported, sent to the registered ACS', async () => {
    refusedToSp(await get(authn({ acs: 'https://evil.example/acs' })), 'urn:oasis:names:tc:SAML:2.0:status:RequestUnsupported');
  });

  it('a NameID format the IdP does not issue: InvalidNameIDPolicy', async () => {
    refusedToSp(await get(authn({ inside: '<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"/>' })), 'urn:oasis:names:tc:SAML:2.0:status:InvalidNameIDPolicy');
  });

  it('IsPassive from a signed-out browser: NoPassive (Responder)', async () => {
    const answer = await raw(t.app, 'GET', `/saml/sso?SAMLRequest=${redirectParam(authn().replace('Version="2.0"', 'Version="2.0" IsPassive="true"'))}`);
    const { codes } = statusesOf(answer);
    assert.deepEqual(codes, ['urn:oasis:names:tc:SAML:2.0:status:Responder', 'urn:oasis:names:tc:SAML:2.0:status:NoPassive']);
  });

  it('ForceAuthn from a signed-in browser asks on a page of ours first (a GET another site sends must not sign out)', async () => {
    const answer = await get(authn().replace('Version="2.0"', 'Version="2.0" ForceAuthn="true"'));
    assert.equal(answer.status, 200);
    assert.match(answer.body, /要求您重新输入账号和密码/);
    assert.match(answer.body, /action="\/cas\/reauthenticate"/);
    assert.match(answer.body, /name="next" value="\/saml\/sso\/resume\?id=/);
    assert.equal((await zhangwei.get('/api/centerAuth/sso/isLogin')).body.data, true, 'still signed in');
  });

  const pages: [string, () => Promise<RawAnswer>, number, RegExp?][] = [
    ['XXE: an external entity', () => get(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${authn({ issuer: '&x;' })}`), 400],
    ['an internal entity expansion (billion laughs)', () => get(`<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${authn({ issuer: '&b;' })}`), 400],
    ['a DOCTYPE alone', () => get(`<!DOCTYPE samlp:AuthnRequest>${authn()}`), 400],
    ['XML that does not parse', () => get('<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><unclosed>'), 400],
    ['a deflate bomb (10 MB of spaces)', () => raw(t.app, 'GET', `/saml/sso?SAMLRequest=${encodeURIComponent(zlib.deflateRawSync(Buffer.alloc(10_000_000, 32)).toString('base64'))}`, zhangwei), 400],
    ['not base64', () => raw(t.app, 'GET', '/saml/sso?SAMLRequest=%3Cxml%3E', zhangwei), 400],
    ['no SAMLRequest', () => raw(t.app, 'GET', '/saml/sso', zhangwei), 400],
    ['SAMLRequest given twice', () => raw(t.app, 'GET', `/saml/sso?SAMLRequest=${redirectParam(authn())}&SAMLRequest=${redirectParam(authn())}`, zhangwei), 400],
    ['a RelayState longer than 1024 characters', () => get(authn(), `&RelayState=${'r'.repeat(1100)}`), 400],
    ['a Response sent as a request', () => get('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r" Version="2.0" IssueInstant="2026-01-01T00:00:00Z"><saml:Issuer>x</saml:Issuer></samlp:Response>'), 400],
    ['an element outside the SAML protocol namespace', () => get('<AuthnRequest ID="_x"><Issuer>x</Issuer></AuthnRequest>'), 400],
    ['two Issuers', () => get(authn({ inside: `<saml:Issuer>${plain.entityId}</saml:Issuer>` })), 400],
    ['an unknown issuer', () => get(authn({ issuer: 'https://unknown.example/sp' })), 403, /未在统一登录平台登记/],
    ['an unknown SP for IdP-initiated sign-in', () => raw(t.app, 'GET', '/saml/sso/initiate?sp=nope', zhangwei), 403, /未在统一登录平台登记/],
    ['a forged resume id', () => raw(t.app, 'GET', '/saml/sso/resume?id=forged', zhangwei), 400, /登录请求已过期/],
    ['a LogoutRequest with a DOCTYPE', () => raw(t.app, 'GET', `/saml/slo?SAMLRequest=${redirectParam('<!DOCTYPE x [<!ENTITY e SYSTEM "http://evil.example/">]><samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>')}`, zhangwei), 400],
  ];
  for (const [name, send, status, text] of pages) {
    it(`${name}: a Chinese page (HTTP ${status}), no SAML answer`, async () => refusedPage(await send(), status, text));
  }

  it('an unsigned LogoutRequest from an SP that signs: Requester, and the session stays', async () => {
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lo1" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:Issuer>${signing.entityId}</saml:Issuer><saml:NameID>x</saml:NameID></samlp:LogoutRequest>`;
    const answer = await raw(t.app, 'POST', '/saml/slo', zhangwei, { SAMLRequest: postParam(xml) });
    assert.equal(answer.status, 200);
    const form = formOf(answer.body);
    assert.equal(form.action, 'https://erp.example.com/slo');
    assert.match(Buffer.from(form.fields.SAMLResponse!, 'base64').toString(), /StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Requester"/);
    assert.equal((await zhangwei.get('/api/centerAuth/sso/isLogin')).body.data, true, 'still signed in');
  });
});

// Issue 31, point 11: the assertion's AuthnContextClassRef says how the portal session was signed
// into (as the ID token's amr / acr), never PasswordProtectedTransport after an authenticator code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { proveIdentity } from '../../helpers/recent-proof.ts';
import { codeAt } from '../../../server/mfa/totp.ts';
import { AUTHN_CONTEXT, authnContextOf } from '../../../server/saml/authn-context.ts';
import { raw } from '../cas/cas-helpers.ts';
import { formOf, localPath, registerTestSp, type TestSp } from './saml-sp.ts';

for (const backend of testBackends()) describe(`SAML AuthnContextClassRef (${backend.name})`, () => {
  let t: TestApp;
  let crm: TestSp;
  before(async () => {
    t = await buildTestApp(backend);
    crm = await registerTestSp(t, 'crm');
  });
  after(() => t.close());

  async function classRefFor(browser: Client): Promise<string> {
    const { context } = crm.sp.createLoginRequest(crm.idp, 'redirect') as { context: string };
    const answer = await raw(t.app, 'GET', localPath(context), browser);
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const form = formOf(answer.body);
    // samlify's SP side checks the signature first: the class is in the signed assertion.
    await crm.sp.parseLoginResponse(crm.idp, 'post', { body: form.fields });
    return /<saml:AuthnContextClassRef>([^<]+)</.exec(Buffer.from(form.fields.SAMLResponse!, 'base64').toString())![1]!;
  }

  it('a password sign-in: PasswordProtectedTransport', async () => {
    const browser = t.client();
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    assert.equal(await classRefFor(browser), AUTHN_CONTEXT.password);
  });

  it('a password and an authenticator code: TimeSyncToken', async () => {
    const setup = t.client();
    assert.equal((await setup.login('dealer01', DEMO.dealer01)).body.code, 200);
    await proveIdentity(setup, DEMO.dealer01);
    const { secret } = (await setup.post('/api/account/totp/start', { json: {} })).body.data as { secret: string };
    assert.equal((await setup.post('/api/account/totp/confirm', { json: { code: codeAt(secret, t.clock.now()) } })).body.code, 200);
    t.clock.advance(30_000);
    const browser = t.client();
    const step = await browser.login('dealer01', DEMO.dealer01);
    assert.equal(step.body.code, 'AU00170');
    assert.equal((await browser.post('/api/centerAuth/sso/mfa/verify', { json: { challenge: step.body.data.challenge, code: codeAt(secret, t.clock.now()) } })).body.code, 200);
    assert.equal(await classRefFor(browser), AUTHN_CONTEXT.authenticatorCode);
  });

  it('names each method: passkey, recovery code, SMS', () => {
    assert.equal(authnContextOf(['hwk', 'user', 'mfa']), 'urn:rsa:names:tc:SAML:2.0:ac:classes:FIDO');
    assert.equal(authnContextOf(['pwd', 'mfa']), 'https://refeds.org/profile/mfa');
    assert.equal(authnContextOf(['sms']), 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileOneFactorContract');
    assert.equal(authnContextOf(['pwd']), 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport');
  });
});

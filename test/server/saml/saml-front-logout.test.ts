// IdP-initiated single logout over the front channel, on every storage mode, against samlify's SP
// side: SPs whose metadata offers only HTTP-Redirect or HTTP-POST logout get a signed LogoutRequest
// through the browser that signed out, one after another in the order it signed into them; a SOAP
// SP is not on the chain; the portal session is over before the first SP is visited; unsolicited,
// replayed, tampered, misdirected LogoutResponses are refused with status Requester; an SP
// answering with an error status does not stop the chain; an SP's own LogoutRequest gets its
// LogoutResponse after the chain.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { raw } from '../cas/cas-helpers.ts';
import { formOf, localPath, POST, REDIRECT, registerTestSp, SOAP, spAnswers, spReceives, type TestSp } from './saml-sp.ts';

const RESPONDER = 'urn:oasis:names:tc:SAML:2.0:status:Responder';

async function signInTo(t: TestApp, browser: Client, id: string, sp: TestSp): Promise<{ nameId: string; sessionIndex: string }> {
  const answer = await raw(t.app, 'GET', `/saml/sso/initiate?sp=${id}`, browser);
  const { extract } = await sp.sp.parseLoginResponse(sp.idp, 'post', { body: formOf(answer.body).fields }) as unknown as { extract: { nameID: string; sessionIndex: { sessionIndex: string } } };
  return { nameId: extract.nameID, sessionIndex: extract.sessionIndex.sessionIndex };
}

async function signOut(browser: Client): Promise<string> {
  const answer = await browser.get('/api/centerAuth/sso/signout');
  assert.equal(answer.body.code, 200);
  const chain = (answer.body.data as { logoutChain?: string } | null)?.logoutChain;
  assert.ok(chain, 'the sign-out answers the front-channel chain to follow');
  return localPath(chain);
}

for (const backend of testBackends()) describe(`SAML front-channel single logout (${backend.name})`, () => {
  let t: TestApp;
  let redir: TestSp;
  let poster: TestSp;
  let soapy: TestSp;
  let plain: TestSp;

  before(async () => {
    t = await buildTestApp(backend);
    redir = await registerTestSp(t, 'redir', { slo: [{ binding: REDIRECT, location: 'https://redir.example.com/slo' }] });
    poster = await registerTestSp(t, 'poster', { slo: [{ binding: POST, location: 'https://poster.example.com/slo' }] });
    // Its back channel points nowhere reachable: the SOAP delivery fails quietly, but it is not on the chain.
    soapy = await registerTestSp(t, 'soapy', { slo: [{ binding: SOAP, location: 'http://127.0.0.1:9/soap' }, { binding: REDIRECT, location: 'https://soapy.example.com/slo' }] });
    plain = await registerTestSp(t, 'plain', { signed: false, slo: [{ binding: REDIRECT, location: 'https://plain.example.com/slo' }] });
  });
  after(() => t.close());

  it('signs out of each front-channel SP through the browser, in sign-in order, with signed LogoutRequests; SOAP SPs stay on the back channel', async () => {
    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    const atRedir = await signInTo(t, browser, 'redir', redir);
    await signInTo(t, browser, 'soapy', soapy);
    const atPoster = await signInTo(t, browser, 'poster', poster);
    const start = await signOut(browser);
    assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the portal session ended before any SP is visited');

    const first = await spReceives(redir, 'redirect', await raw(t.app, 'GET', start, browser));
    assert.equal(first.nameId, atRedir.nameId);
    assert.equal(first.sessionIndex, atRedir.sessionIndex);
    assert.match(first.xml, /NameQualifier="[^"]+\/saml\/metadata" SPNameQualifier="https:\/\/redir\.example\.com\/metadata"/);
    assert.match(first.xml, /Destination="https:\/\/redir\.example\.com\/slo"/);
    const back = spAnswers(redir, 'redirect', first.id);
    const afterRedir = await raw(t.app, 'GET', back.path, browser);
    assert.equal(afterRedir.status, 303);
    assert.equal(afterRedir.location, '/saml/slo/front');

    const postPage = await raw(t.app, 'GET', '/saml/slo/front', browser);
    assert.match(postPage.body, /正在退出应用/);
    assert.match(postPage.body, /<script src="\/saml\/autopost\.js"><\/script>/, 'sent on by our own script file (CSP: no inline script)');
    assert.equal(formOf(postPage.body).action, 'https://poster.example.com/slo');
    const second = await spReceives(poster, 'post', postPage);
    assert.equal(second.nameId, atPoster.nameId);
    assert.equal(second.sessionIndex, atPoster.sessionIndex);
    // The SP's POST comes cross-site: SameSite=Lax keeps the chain cookie home; the GET that follows carries it.
    const postBack = spAnswers(poster, 'post', second.id);
    const afterPoster = await raw(t.app, 'POST', postBack.path, undefined, postBack.form);
    assert.equal(afterPoster.status, 303, afterPoster.body.slice(0, 300));
    const end = await raw(t.app, 'GET', afterPoster.location!, browser);
    assert.equal(end.status, 200);
    assert.match(end.body, /您已退出登录/);
    assert.match(end.body, /重新登录/);
    assert.equal((await raw(t.app, 'GET', '/saml/slo/front', browser)).status, 200, 'nothing left: the signed-out page, no SP');

    // Replayed: the same LogoutResponse again is refused.
    const replay = await raw(t.app, 'GET', back.path, browser);
    assert.equal(replay.status, 400);
    assert.match(replay.body, /status:Requester/);
  });

  it('no chain when no front-channel SP was signed into; the start URL serves only the browser that signed out, once', async () => {
    const lone = t.client();
    await lone.login('zhangwei', DEMO.zhangwei);
    await signInTo(t, lone, 'soapy', soapy);
    const answer = await lone.get('/api/centerAuth/sso/signout');
    assert.equal(answer.body.data, null);

    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    await signInTo(t, browser, 'redir', redir);
    const start = await signOut(browser);
    const stranger = t.client();
    assert.equal((await raw(t.app, 'GET', start, browser)).status, 303, 'the browser that signed out goes to the SP');
    const second = await raw(t.app, 'GET', start, stranger);
    assert.equal(second.status, 200, 'another browser with the same URL is not sent anywhere');
    assert.match(second.body, /您已退出登录/);
  });

  it('refuses unsolicited, tampered and misdirected LogoutResponses with status Requester; an unsigned SP\'s plain answer is taken', async () => {
    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    await signInTo(t, browser, 'redir', redir);
    await signInTo(t, browser, 'plain', plain);
    const start = await signOut(browser);
    const request = await spReceives(redir, 'redirect', await raw(t.app, 'GET', start, browser));

    const unsolicited = await raw(t.app, 'GET', spAnswers(redir, 'redirect', '_never-sent').path, browser);
    assert.equal(unsolicited.status, 400);
    assert.match(unsolicited.body, /status:Requester/);

    const good = spAnswers(redir, 'redirect', request.id).path;
    const tampered = good.replace(/&Signature=[^&]+/, `&Signature=${encodeURIComponent(crypto.randomBytes(256).toString('base64'))}`);
    const bad = await raw(t.app, 'GET', tampered, browser);
    assert.equal(bad.status, 400, 'a signature that does not verify');
    assert.match(bad.body, /status:Requester/);
    const unsigned = await raw(t.app, 'GET', good.replace(/&SigAlg=[^&]+/, '').replace(/&Signature=[^&]+/, ''), browser);
    assert.equal(unsigned.status, 400, 'an SP that signs must sign its LogoutResponse');

    const misdirected = await raw(t.app, 'GET', spAnswers(redir, 'redirect', request.id, { destination: 'https://elsewhere.example.com/slo' }).path, browser);
    assert.equal(misdirected.status, 400, 'a LogoutResponse for another destination');
    assert.match(misdirected.body, /status:Requester/);

    // Refusals took nothing: the genuine answer is still taken, and the chain goes on to the unsigned SP.
    const taken = await raw(t.app, 'GET', good, browser);
    assert.equal(taken.status, 303, taken.body.slice(0, 300));
    const next = await raw(t.app, 'GET', '/saml/slo/front', browser);
    const toPlain = new URL(next.location!);
    assert.equal(toPlain.origin + toPlain.pathname, 'https://plain.example.com/slo');
    assert.ok(toPlain.searchParams.get('Signature'), 'our LogoutRequest is signed whatever the SP does');
    const plainRequest = await spReceives(plain, 'redirect', next);
    const plainBack = await raw(t.app, 'GET', spAnswers(plain, 'redirect', plainRequest.id).path, browser);
    assert.equal(plainBack.status, 303);
    assert.match((await raw(t.app, 'GET', '/saml/slo/front', browser)).body, /您已退出登录/);
  });

  it('an SP answering with an error status, or not at all, does not stop the chain', async () => {
    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    await signInTo(t, browser, 'redir', redir);
    await signInTo(t, browser, 'poster', poster);
    await signInTo(t, browser, 'plain', plain);
    const start = await signOut(browser);
    const first = await spReceives(redir, 'redirect', await raw(t.app, 'GET', start, browser));
    const failed = await raw(t.app, 'GET', spAnswers(redir, 'redirect', first.id, { status: RESPONDER }).path, browser);
    assert.equal(failed.status, 303, 'an error status is logged and the chain goes on');
    const postPage = await raw(t.app, 'GET', '/saml/slo/front', browser);
    await spReceives(poster, 'post', postPage);
    // The person comes back without the SP answering (it showed an error page): the next SP.
    const skipped = await raw(t.app, 'GET', '/saml/slo/front', browser);
    assert.equal(new URL(skipped.location!).host, 'plain.example.com');
  });

  it('a LogoutRequest from one SP: the front-channel SPs first, then its LogoutResponse', async () => {
    const browser = t.client();
    await browser.login('zhangwei', DEMO.zhangwei);
    const atPlain = await signInTo(t, browser, 'plain', plain);
    await signInTo(t, browser, 'redir', redir);
    const logout = plain.sp.createLogoutRequest(plain.idp, 'redirect', { logoutNameID: atPlain.nameId, sessionIndex: atPlain.sessionIndex }, { relayState: 'from-plain' } as never) as { context: string };
    const first = await raw(t.app, 'GET', localPath(logout.context), browser);
    assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false);
    const request = await spReceives(redir, 'redirect', first);
    await raw(t.app, 'GET', spAnswers(redir, 'redirect', request.id).path, browser);
    const last = await raw(t.app, 'GET', '/saml/slo/front', browser);
    assert.equal(last.status, 303);
    const url = new URL(last.location!);
    assert.equal(url.origin + url.pathname, 'https://plain.example.com/slo');
    assert.equal(url.searchParams.get('RelayState'), 'from-plain');
    const xml = zlib.inflateRawSync(Buffer.from(url.searchParams.get('SAMLResponse')!, 'base64')).toString();
    assert.match(xml, /StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/);
    assert.match(xml, /InResponseTo="[^"]+"/);
  });

  it('hostile input to the chain and to /saml/slo: a signed-out page or 400, never a redirect to an SP, never a 5xx', async () => {
    const stranger = t.client();
    for (const url of ['/saml/slo/front?start=x', `/saml/slo/front?start=${crypto.randomBytes(32).toString('base64url')}`, '/saml/slo/front?start=a&start=b', '/saml/slo/front']) {
      const answer = await raw(t.app, 'GET', url, stranger);
      assert.equal(answer.status, 200, url);
      assert.equal(answer.location, undefined, url);
      assert.match(answer.body, /您已退出登录/);
    }
    stranger.cookies.set('sso_saml_slo', '../../etc/passwd');
    assert.equal((await raw(t.app, 'GET', '/saml/slo/front', stranger)).status, 200);
    const doctype = Buffer.from('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&e;</samlp:LogoutResponse>').toString('base64');
    for (const [binding, answer] of [
      ['post', await raw(t.app, 'POST', '/saml/slo', undefined, { SAMLResponse: doctype })],
      ['post', await raw(t.app, 'POST', '/saml/slo', undefined, { SAMLResponse: '%%%not-base64' })],
      ['redirect', await raw(t.app, 'GET', `/saml/slo?SAMLResponse=${encodeURIComponent(zlib.deflateRawSync(Buffer.from('<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>')).toString('base64'))}`)],
    ] as const) {
      assert.equal(answer.status, 400, `${binding}: ${answer.body.slice(0, 200)}`);
      assert.match(answer.body, /status:Requester/);
    }
  });
});

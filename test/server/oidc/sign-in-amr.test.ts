// The ID token's amr says how the portal session was signed into (RFC 8176): a password `pwd`,
// an SMS code `sms`, a WeCom / Feishu QR sign-in `mca` (confirmed on a second channel, the
// messenger app; server/oidc/sign-in-amr.ts). The same whether the app's request comes before the
// sign-in (the login page leads back) or after it (no prompt).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import type { Browser } from './browser.ts';
import { codeFlow, exchange, REDIRECT_URI, startOidcServer, type OidcServer } from './oidc-fixture.ts';
import { lastSmsCode } from '../../helpers/sms-outbox.ts';

const ZHANGWEI_PHONE = '13800000002';

for (const backend of testBackends()) describe(`OpenID Connect amr follows the sign-in method (${backend.name})`, () => {
  let s: OidcServer;
  let fake: FakeMessengers;
  let secret: string;
  before(async () => {
    fake = await startFakeMessengers();
    fake.weComCodes.set('wc-amr', 'zhangwei');
    s = await startOidcServer({ ...backend.overrides, weComBaseUrl: fake.url, feishuBaseUrl: fake.url, smsResendCooldownMs: 0 });
    secret = await s.addClient('amr-app');
  });
  after(async () => {
    await s.close();
    await fake.close();
  });

  const xsrf = (browser: Browser) => ({ 'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '' });

  async function signInBySms(browser: Browser): Promise<void> {
    await (await browser.fetch('/api/centerAuth/sso/isLogin')).arrayBuffer();
    const sent = (await (await browser.fetch(`/api/centerAuth/msg/login/send?phone=${ZHANGWEI_PHONE}`, { headers: xsrf(browser) })).json()) as { code: number };
    assert.equal(sent.code, 200);
    const code = lastSmsCode(s.server.config.smsOutboxPath, ZHANGWEI_PHONE)!;
    const response = await browser.fetch('/api/centerAuth/sso/doLogin', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...xsrf(browser) },
      body: new URLSearchParams({ phone: ZHANGWEI_PHONE, code, loginType: '1' }).toString(),
    });
    assert.equal(((await response.json()) as { code: number }).code, 200);
  }

  async function amrAfter(signIn: (browser: Browser) => Promise<void>): Promise<unknown> {
    const rp = await s.relyingParty('amr-app', secret);
    const browser = s.browser();
    await signIn(browser);
    const flow = await codeFlow(rp, browser);
    assert.ok(flow.callback.href.startsWith(REDIRECT_URI) && flow.callback.searchParams.get('code'), flow.callback.href);
    return (await exchange(rp, flow)).claims()!.amr;
  }

  test('password: pwd', async () => {
    assert.deepEqual(await amrAfter(async (b) => { assert.equal((await b.signIn('zhangwei', DEMO.zhangwei)).body.code, 200); }), ['pwd']);
  });

  test('SMS code: sms', async () => {
    assert.deepEqual(await amrAfter(signInBySms), ['sms']);
  });

  test('WeCom QR: mca', async () => {
    assert.deepEqual(await amrAfter(async (b) => {
      await (await b.fetch('/api/centerAuth/sso/isLogin')).arrayBuffer();
      const response = await b.fetch('/api/centerAuth/sso/WeCom/loginByCode?code=wc-amr&clientId=portal&ssoDomain=localhost', { headers: xsrf(b) });
      const answer = (await response.json()) as { code: number };
      assert.equal(answer.code, 200, JSON.stringify(answer));
    }), ['mca']);
  });

  test('the app asks first, the SMS sign-in on the login page follows: sms', async () => {
    const rp = await s.relyingParty('amr-app', secret);
    const browser = s.browser();
    const first = await codeFlow(rp, browser);
    assert.ok(!first.callback.href.startsWith(REDIRECT_URI), 'signed out: the login page');
    assert.match(first.callback.pathname + first.callback.search, /callBack=/);
    await signInBySms(browser);
    const interaction = decodeURIComponent(first.callback.searchParams.get('callBack')!);
    const { url: callback } = await browser.follow(interaction, REDIRECT_URI);
    assert.ok(callback.searchParams.get('code'), callback.href);
    const tokens = await exchange(rp, { start: first.start, callback });
    assert.deepEqual(tokens.claims()!.amr, ['sms']);
  });
});

// External-redirect mode (is_redirect_self) in a real browser: the page logs in with the code a
// messenger handed back, against a fake WeCom / Feishu upstream on 127.0.0.1 speaking their real
// protocols; then goes to callBack or /home. Also the failures a person can meet on that page.
// Every return URL is built the way the messenger builds it: the QR panel of the login page is
// opened first (a local stand-in for the messenger's QR SDK records what the element hands it), and
// its redirect_uri comes back with the code and the element's own OAuth state. A return URL
// without that state (an attacker's link: login CSRF) signs nobody in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeMessengers, type FakeMessengers } from '../helpers/fake-messengers.ts';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { assertCards, loginBox, loginBoxTitle, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

const DEFAULT_APPS = ['销售管理系统', '售后服务平台', '数据看板', '知识库'];
/** A registered callBack origin of the default group (demo data). */
const BRAND_SITE = 'http://localhost:5173';

const redirectMessage = (page: Page) => loginBox(page).locator('.sso-redirect [role="alert"]');

const QR_SDK_STAND_INS = {
  // The official script hosts (widget/sso-login/qr/qr-sdk.ts); the strict CSP allows them.
  'https://wwcdn.weixin.qq.com/**': 'window.WwLogin = function (options) { window.__qrReturn = { redirectUri: decodeURIComponent(options.redirect_uri), state: options.state }; };',
  'https://lf-package-cn.feishucdn.com/**': [
    'window.QRLogin = function (options) {',
    '  var goto = new URL(options.goto);',
    "  window.__qrReturn = { redirectUri: goto.searchParams.get('redirect_uri'), state: goto.searchParams.get('state') };",
    '  return {};',
    '};',
  ].join('\n'),
};

async function standInQrSdks(context: BrowserContext): Promise<void> {
  for (const [pattern, body] of Object.entries(QR_SDK_STAND_INS)) {
    await context.route(pattern, (route) => route.fulfill({ contentType: 'text/javascript', body }));
  }
}

/**
 * Opens the login page's QR panel for `type` and answers the URL the messenger would send the
 * browser back to with `code`: the element's redirect_uri (on this page's origin) plus code and
 * the element's state.
 */
async function returnUrlFromQrPanel(page: Page, serverUrl: string, type: 'wecom' | 'feishu', code: string): Promise<string> {
  await page.goto(`${serverUrl}/`);
  await waitForLoginPage(page);
  await loginBox(page).getByRole('button', { name: '切换到扫码登录' }).click();
  if (type === 'feishu') await loginBox(page).getByRole('button', { name: '飞书扫码登录' }).click();
  await page.locator(`sso-login .sso-qr[data-qr-type="${type}"][data-state="ready"]`).waitFor();
  const handed = await page.evaluate(() => (window as unknown as { __qrReturn: { redirectUri: string; state: string } }).__qrReturn);
  assert.match(handed.state, /^[0-9a-f]{32}$/);
  const redirect = new URL(handed.redirectUri);
  assert.equal(redirect.searchParams.get('login_type'), type);
  return `${serverUrl}${redirect.pathname}${redirect.search}&code=${encodeURIComponent(code)}&state=${handed.state}`;
}

describe('external-redirect mode (code login)', { timeout: 150_000 }, () => {
  let fake: FakeMessengers;

  // Registered before usePortalAndBrowser, so the fake upstream is up before the server that points at it.
  before(async () => {
    fake = await startFakeMessengers();
    fake.weComCodes.set('wecom-code-zhangwei', 'zhangwei');
    fake.weComCodes.set('wecom-code-stranger', 'lisi-not-linked');
    fake.feishuCodes.set('feishu-code-zhangwei', 'on_demo_zhangwei');
  });
  after(async () => {
    await fake?.close();
  });
  const portal = usePortalAndBrowser(() => ({ SSO_WECOM_BASE_URL: fake.url, SSO_FEISHU_BASE_URL: fake.url }));

  it('WeCom code without callBack: signed in and on /home', async () => {
    await runJourney(portal.browser, 'redirect-wecom-home', async (journey) => {
      const { page, context } = journey;
      await standInQrSdks(context);
      const returnUrl = await returnUrlFromQrPanel(page, portal.server.url, 'wecom', 'wecom-code-zhangwei');
      await page.goto(`${returnUrl}&clientId=portal`);
      await waitForHome(page, 'zhangwei');
      await assertCards(page, DEFAULT_APPS);
      assert.ok(fake.calls.weComToken >= 1, 'the server asked the WeCom upstream for a token');
      await journey.shot('wecom-code-login-home');
    });
  });

  it('Feishu code with an absolute callBack: signed in and sent to the brand site', async () => {
    await runJourney(portal.browser, 'redirect-feishu-callback', async (journey) => {
      const { page, context } = journey;
      await context.route(`${BRAND_SITE}/**`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>品牌站</title><h1>品牌站首页</h1>' }),
      );
      await standInQrSdks(context);
      const callBack = `${BRAND_SITE}/after-login?from=sso`;
      const returnUrl = await returnUrlFromQrPanel(page, portal.server.url, 'feishu', 'feishu-code-zhangwei');
      await page.goto(`${returnUrl}&callBack=${encodeURIComponent(callBack)}`);
      await page.waitForURL(callBack);
      await page.getByRole('heading', { name: '品牌站首页' }).waitFor();
      await journey.shot('feishu-callback-brand-site');

      // The session is real: the portal's application centre opens without signing in again.
      await page.goto(`${portal.server.url}/home`);
      await waitForHome(page, 'zhangwei');
      await journey.shot('home-after-feishu-login');
    });
  });

  it('a failed code login shows the server message; a callBack elsewhere is refused', async () => {
    await runJourney(portal.browser, 'redirect-failures', async (journey) => {
      const { page, context } = journey;
      await standInQrSdks(context);
      const strangerReturn = await returnUrlFromQrPanel(page, portal.server.url, 'wecom', 'wecom-code-stranger');
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/centerAuth/sso/WeCom/loginByCode')),
        page.goto(strangerReturn),
      ]);
      const body = (await answer.json()) as { code: string; msg: string };
      assert.equal(body.code, 'AU00142');
      await redirectMessage(page).waitFor();
      assert.equal(await redirectMessage(page).textContent(), body.msg);
      assert.equal(body.msg, '该企业微信账号未绑定系统用户，请联系管理员');
      assert.equal(new URL(page.url()).pathname, '/');
      await journey.shot('unlinked-wecom-account');

      // Back to password login from there.
      await loginBox(page).getByRole('button', { name: '返回密码登录' }).click();
      await waitForLoginPage(page);
      assert.equal(await loginBoxTitle(page).textContent(), '密码登录');

      // A callBack on an origin the group does not list: no login call, no navigation.
      let codeLoginCalls = 0;
      page.on('request', (request) => {
        if (request.url().includes('/loginByCode')) codeLoginCalls++;
      });
      const feishuReturn = await returnUrlFromQrPanel(page, portal.server.url, 'feishu', 'feishu-code-zhangwei');
      await page.goto(`${feishuReturn}&callBack=${encodeURIComponent('https://evil.example.net/steal')}`);
      await redirectMessage(page).waitFor();
      assert.equal(await redirectMessage(page).textContent(), '回调地址不在本客户组允许的范围内，已停止跳转');
      assert.equal(new URL(page.url()).origin, portal.server.url);
      assert.equal(codeLoginCalls, 0);
      await journey.shot('callback-not-allowed');
    });
  });

  it('a return URL this browser did not start (an attacker\'s code, no or another state): refused, nobody signed in', async () => {
    await runJourney(portal.browser, 'redirect-login-csrf', async (journey) => {
      const { page, context } = journey;
      await standInQrSdks(context);
      let codeLoginCalls = 0;
      page.on('request', (request) => {
        if (request.url().includes('/loginByCode')) codeLoginCalls++;
      });
      const STATE_MESSAGE = '登录请求校验失败（state 不匹配），请返回登录页重新扫码登录';
      // The link an attacker sends: their own code, no state.
      await page.goto(`${portal.server.url}/?is_redirect_self=1&login_type=wecom&code=wecom-code-zhangwei`);
      await redirectMessage(page).waitFor();
      assert.equal(await redirectMessage(page).textContent(), STATE_MESSAGE);
      await journey.shot('login-csrf-no-state');
      // With a state of the attacker's own QR code: this tab made another one.
      const mine = await returnUrlFromQrPanel(page, portal.server.url, 'wecom', 'wecom-code-zhangwei');
      const forged = mine.replace(/state=[0-9a-f]{32}/, `state=${'0'.repeat(32)}`);
      await page.goto(forged);
      await redirectMessage(page).waitFor();
      assert.equal(await redirectMessage(page).textContent(), STATE_MESSAGE);
      assert.equal(codeLoginCalls, 0);
      const isLogin = await page.evaluate(async () => (await (await fetch('/api/centerAuth/sso/isLogin')).json()).data);
      assert.equal(isLogin, false);
    });
  });

  it('the two missing-parameter messages: 缺失code参数 and 缺失login_type参数', async () => {
    await runJourney(portal.browser, 'redirect-missing-parameters', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/?is_redirect_self=1&login_type=wecom`);
      await redirectMessage(page).waitFor();
      assert.equal(await redirectMessage(page).textContent(), '缺失code参数');
      await journey.shot('missing-code');

      await page.goto(`${portal.server.url}/?is_redirect_self=1&code=wecom-code-zhangwei`);
      await redirectMessage(page).waitFor();
      assert.equal(await redirectMessage(page).textContent(), '缺失login_type参数');
      await journey.shot('missing-login-type');

      // is_redirect_self=0 is not redirect mode: the ordinary login page.
      await page.goto(`${portal.server.url}/?is_redirect_self=0&code=wecom-code-zhangwei`);
      await waitForLoginPage(page);
      await journey.shot('redirect-flag-zero-is-login');
    });
  });
});

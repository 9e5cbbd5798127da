// Sessions ending in a real browser. Expiry: the user signs in, leaves the application centre alone
// past the server's idle timeout (the session row is aged in the server's database), comes back and
// reloads; the page shows 令牌状态已过期，请点击重新登录 and, once confirmed, is at the site root.
// Sign-out flag: a brand site sends the user to /?is_signout=1, which signs out and shows the logout view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { ageSessions, SESSION_AGEING_CLOCK } from './support/session-clock.ts';
import {
  DEMO,
  appCards,
  loginBox,
  loginBoxTitle,
  submitPasswordLogin,
  systemDialog,
  waitForHome,
  waitForHomeNotMember,
  waitForLoginPage,
} from './support/portal-ui.ts';

const TOKEN_EXPIRED = '令牌状态已过期，请点击重新登录';
/** The server's default idle timeout (SSO_SESSION_IDLE_MINUTES, 30) plus one minute. */
const PAST_IDLE_TIMEOUT_MS = 31 * 60_000;

describe('sessions ending: expiry and the sign-out flag', { timeout: 120_000 }, () => {
  const portal = usePortalAndBrowser({}, SESSION_AGEING_CLOCK);

  it('an expired session shows 令牌状态已过期，请点击重新登录 and returns to the root', async () => {
    await runJourney(portal.browser, 'session-expired', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await journey.shot('home-before-expiry');

      assert.equal(await ageSessions(portal.server, PAST_IDLE_TIMEOUT_MS), 1, 'exactly the one session of this journey');

      const expiredAnswers: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() === 424) expiredAnswers.push(response.status());
      });
      await page.reload();
      const dialog = systemDialog(page);
      await dialog.getByRole('heading', { name: '系统提示' }).waitFor();
      assert.equal(await dialog.locator('.sso-dialog__text').textContent(), TOKEN_EXPIRED);
      assert.ok(expiredAnswers.length >= 1, 'the server answered 424');
      assert.equal(await systemDialog(page).count(), 1, 'one dialog, however many calls failed');
      assert.equal(await appCards(page).count(), 0, 'no apps are shown for an expired session');
      await journey.shot('token-expired-dialog');

      // The text says 请点击重新登录, and so does the button (issue 15).
      assert.deepEqual(await dialog.getByRole('button').allTextContents(), ['取消', '重新登录']);
      await dialog.getByRole('button', { name: '重新登录' }).click();
      await page.waitForURL(`${portal.server.url}/`);
      await waitForLoginPage(page);
      assert.equal(await systemDialog(page).count(), 0);
      await journey.shot('back-at-root');

      // The expired session is gone for good: the application centre sends the user to log in.
      await page.goto(`${portal.server.url}/home`);
      await page.waitForURL(`${portal.server.url}/login`);
      await waitForLoginPage(page);
      await journey.shot('home-now-asks-to-log-in');
    });
  });

  it('on /account too: after expiry the page asks 重新登录 and comes back to /account after sign-in', async () => {
    await runJourney(portal.browser, 'session-expired-account', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/?callBack=%2Faccount`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL((url) => url.pathname === '/account');
      const sessions = page.locator('section[aria-labelledby="account-sessions"]');
      await sessions.locator('.account-session').first().waitFor();

      assert.ok((await ageSessions(portal.server, PAST_IDLE_TIMEOUT_MS)) >= 1, 'the session of this journey aged');
      // Every call of the page now answers 424: the request client asks in the 系统提示 dialog, which
      // the account page must draw (it once had no notice region: the load waited on a dialog
      // nobody showed, and the page said 正在加载… for good).
      await page.reload();
      const dialog = page.getByRole('alertdialog', { name: '系统提示' });
      await dialog.waitFor();
      assert.equal((await dialog.locator('.modal__text').textContent())?.trim(), TOKEN_EXPIRED);
      await journey.shot('account-token-expired');
      await dialog.getByRole('button', { name: '重新登录' }).click();
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL((url) => url.pathname === '/account');
    });
  });

  it('the sign-out flag (is_signout=1) shows the logout view; its one button signs out', async () => {
    await runJourney(portal.browser, 'signout-flag', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.dealer01.name, DEMO.dealer01.password);
      // The portal's own host belongs to the staff group: the dealer (icar only) sees no apps here.
      await waitForHomeNotMember(page, 'dealer01');

      // Loading the page signs nobody out (a link or an image elsewhere must not end a session).
      const signOuts: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/centerAuth/sso/signout')) signOuts.push(r.url());
      });
      await page.goto(`${portal.server.url}/?is_signout=1&from=brand-site`);
      await loginBox(page).locator('.sso-logout[data-state="ready"]').waitFor();
      assert.equal(await loginBoxTitle(page).textContent(), '退出登录');
      assert.deepEqual(await loginBox(page).locator('.sso-box__body').getByRole('button').allTextContents(), ['退出登录']);
      await journey.shot('logout-view');
      assert.deepEqual(signOuts, []);
      const stillIn = await page.evaluate(() => fetch('/api/centerAuth/sso/isLogin').then((r) => r.json() as Promise<{ data: unknown }>));
      assert.equal(stillIn.data, true);

      const [signOut] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/centerAuth/sso/signout')),
        loginBox(page).getByRole('button', { name: '退出登录' }).click(),
      ]);
      assert.equal(signOut.status(), 200);
      await loginBox(page).locator('.sso-logout[data-state="done"]').waitFor();
      // Text and button agree (issue 15): signed out, the one button leads back to the login.
      assert.equal(await loginBox(page).locator('.sso-logout__text').textContent(), '您已退出登录');
      assert.deepEqual(await loginBox(page).locator('.sso-box__body').getByRole('button').allTextContents(), ['重新登录']);
      await journey.shot('logout-view-signed-out');
      const isLogin = await page.evaluate(() => fetch('/api/centerAuth/sso/isLogin').then((r) => r.json() as Promise<{ data: unknown }>));
      assert.equal(isLogin.data, false);

      await loginBox(page).getByRole('button', { name: '重新登录' }).click();
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      await journey.shot('login-after-logout-view');

      // is_signout=0 is not the flag: the page is the ordinary login page.
      await page.goto(`${portal.server.url}/?is_signout=0`);
      await waitForLoginPage(page);

      await page.goto(`${portal.server.url}/home`);
      await page.waitForURL(`${portal.server.url}/login`);
      await waitForLoginPage(page);
    });
  });
});

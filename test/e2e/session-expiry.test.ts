// An expired session in a real browser: the user signs in, leaves the application centre alone
// past the server's idle timeout (the session row is aged in the server's database), comes back and
// reloads; the page shows 令牌状态已过期，请点击重新登录 and, once confirmed, is at the site root.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, runJourney } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { ageSessions } from './support/session-clock.ts';
import { DEMO, appCards, submitPasswordLogin, systemDialog, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

const TOKEN_EXPIRED = '令牌状态已过期，请点击重新登录';
/** The server's default idle timeout (SSO_SESSION_IDLE_MINUTES, 30) plus one minute. */
const PAST_IDLE_TIMEOUT_MS = 31 * 60_000;

describe('session expiry', { timeout: 120_000 }, () => {
  let server: PortalServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startPortalServer(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an expired session shows 令牌状态已过期，请点击重新登录 and returns to the root', async () => {
    await runJourney(browser, 'session-expired', async (journey) => {
      const { page } = journey;
      await page.goto(`${server.url}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await journey.shot('home-before-expiry');

      assert.equal(ageSessions(server.dataDir, PAST_IDLE_TIMEOUT_MS), 1, 'exactly the one session of this journey');

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

      await dialog.getByRole('button', { name: '确定' }).click();
      await page.waitForURL(`${server.url}/`);
      await waitForLoginPage(page);
      assert.equal(await systemDialog(page).count(), 0);
      await journey.shot('back-at-root');

      // The expired session is gone for good: the application centre sends the user to log in.
      await page.goto(`${server.url}/home`);
      await page.waitForURL(`${server.url}/login`);
      await waitForLoginPage(page);
      await journey.shot('home-now-asks-to-log-in');
    });
  });
});

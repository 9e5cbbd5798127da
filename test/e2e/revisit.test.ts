// A returning visitor: the browser has the portal page in its cache and revalidates it (the server
// answers 304 Not Modified). Reloading the login page and the application centre must show them
// again, working, exactly as on the first visit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { DEMO, assertCards, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

describe('returning visitors (cached pages)', { timeout: 120_000 }, () => {
  const portal = usePortalAndBrowser();

  it('reloading the login page and the application centre shows them again', async () => {
    await runJourney(portal.browser, 'revisit-cached', async (journey) => {
      const { page } = journey;
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await journey.shot('first-visit');

      const reloaded = await page.reload();
      // 304: the browser revalidated its cached copy; the page must still be the working login page.
      assert.ok([200, 304].includes(reloaded?.status() ?? 0));
      await waitForLoginPage(page);
      await journey.shot('login-after-reload');

      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await page.reload();
      await waitForHome(page, 'zhangwei');
      await assertCards(page, ['销售管理系统', '售后服务平台', '数据看板', '知识库']);
      await journey.shot('home-after-reload');
      assert.deepEqual(violations, [], 'no Content-Security-Policy violations');
    });
  });
});

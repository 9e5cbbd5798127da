// The everyday journey through the portal in a real browser against the real server: sign in on
// the default brand, launch apps from the application centre, switch client group, exit; and an
// unknown path showing the login page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { runJourney, type Journey } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import {
  DEMO,
  appCenter,
  assertCards,
  brandPanel,
  chooseExit,
  loginBoxTitle,
  openUserMenu,
  submitPasswordLogin,
  waitForHome,
  waitForLoginPage,
} from './support/portal-ui.ts';

const DEFAULT_APPS = ['销售管理系统', '售后服务平台', '数据看板', '知识库'];
const KA_APPS = ['大客户商机管理', '合同管理', '报价系统'];

/** The launched apps live on *.example.com; the browser gets a stand-in page instead of the network. */
async function standInForApps(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/[^/]*example\.com(\/|$)/, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><title>应用</title><h1>${new URL(route.request().url()).host}</h1>`,
    }),
  );
}

/** Runs `open` and returns the URL of the window it opened. */
async function urlOfNewWindow(journey: Journey, step: string, open: () => Promise<void>): Promise<string> {
  const [popup] = await Promise.all([journey.context.waitForEvent('page'), open()]);
  await popup.waitForLoadState('domcontentloaded');
  await journey.shot(step, popup);
  const url = popup.url();
  await popup.close();
  return url;
}

/** Nothing sticks out sideways: no horizontal scrolling, every card and menu inside the screen. */
async function assertFitsWidth(page: Page, width: number): Promise<void> {
  // No named inner functions in the page script: tsx's keepNames would reference a missing __name.
  const overflow = await page.evaluate(() => {
    const sticking: string[] = [];
    const roots: (Document | ShadowRoot)[] = [document];
    for (let root = roots.pop(); root; root = roots.pop()) {
      for (const element of root.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1)) {
          sticking.push(`${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
        }
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, sticking };
  });
  assert.ok(overflow.scrollWidth <= width, `page is ${overflow.scrollWidth} px wide on a ${width} px screen`);
  assert.deepEqual(overflow.sticking, [], 'elements outside the screen');
}

describe('portal: sign in, application centre, client groups, exit', { timeout: 120_000 }, () => {
  const portal = usePortalAndBrowser();

  it('zhangwei signs in on the default brand, searches and opens apps, switches to 大客户营销平台 and exits', async () => {
    await runJourney(portal.browser, 'portal-home', async (journey) => {
      const { page } = journey;
      await standInForApps(journey.context);
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page, 'default');
      assert.equal(await brandPanel(page).locator('.sso-brand__title').textContent(), '企业统一登录平台');
      assert.equal(await loginBoxTitle(page).textContent(), '密码登录');
      await journey.shot('login-default-brand');

      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await assertCards(page, DEFAULT_APPS);
      assert.equal(await page.locator('app-center [part="group-button"] .menu-button-text').textContent(), '企业统一登录平台');
      assert.equal(await page.title(), '应用中心');
      await journey.shot('home-default-group');

      // Search by description: 工单 is in the intro of 售后服务平台 only.
      const search = appCenter(page).getByRole('searchbox', { name: '搜索应用' });
      await search.fill('工单');
      await assertCards(page, ['售后服务平台']);
      assert.equal(await page.locator('app-center [part="result-count"]').textContent(), '找到 1 个应用（共 4 个）');
      await journey.shot('search-by-description');

      // Enter opens the only match; its URL lacks a scheme, so https:// is added.
      await search.fill('知识');
      await assertCards(page, ['知识库']);
      const fromSearch = await urlOfNewWindow(journey, 'app-window-from-search', () => search.press('Enter'));
      assert.equal(fromSearch, 'https://docs.example.com/');

      await search.fill('');
      await assertCards(page, DEFAULT_APPS);
      const fromCard = await urlOfNewWindow(journey, 'app-window-from-card', () =>
        page.locator('app-center [part="card"]', { hasText: '销售管理系统' }).click(),
      );
      assert.equal(fromCard, 'https://crm.example.com/sso/login');
      // Keyboard: Enter on a focused card opens it too; an http:// URL is kept as it is.
      const kept = await urlOfNewWindow(journey, 'app-window-by-enter', async () => {
        await page.locator('app-center [part="card"]', { hasText: '数据看板' }).focus();
        await page.keyboard.press('Enter');
      });
      assert.equal(kept, 'http://bi.example.com/');
      assert.equal(new URL(page.url()).pathname, '/home', 'the portal stays on the application centre');

      // The group menu lists the other groups; choosing one opens its domain.
      await page.locator('app-center [part="group-button"]').click();
      const groupMenu = page.locator('app-center [part="group-menu"]');
      assert.deepEqual(await groupMenu.getByRole('menuitem').allTextContents(), [
        '大客户营销平台',
        '运营管理平台',
        '盈峰业务平台',
        'iCAR 经销商平台',
        '星途 EXEED 经销商平台',
      ]);
      await journey.shot('group-menu-open');
      await groupMenu.getByRole('menuitem', { name: '大客户营销平台' }).click();
      await page.waitForURL(`${portal.server.hostUrl('ka.localhost')}/**`);
      // A session belongs to its host: on the key-account domain the user signs in on that brand.
      await waitForLoginPage(page, 'key-account');
      await journey.shot('ka-login');
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      assert.equal(new URL(page.url()).origin, portal.server.hostUrl('ka.localhost'));
      await assertCards(page, KA_APPS);
      assert.equal(await page.locator('app-center [part="group-button"] .menu-button-text').textContent(), '大客户营销平台');
      await journey.shot('home-ka-group');

      await openUserMenu(page);
      await journey.shot('user-menu-open');
      await chooseExit(page);
      await page.waitForURL(`${portal.server.hostUrl('ka.localhost')}/`);
      await waitForLoginPage(page, 'key-account');
      await journey.shot('after-exit-login');

      // Signed out for real: /home now sends the user to /login, which shows the login page.
      await page.goto(`${portal.server.hostUrl('ka.localhost')}/home`);
      await page.waitForURL(`${portal.server.hostUrl('ka.localhost')}/login`);
      await waitForLoginPage(page, 'key-account');
      await journey.shot('home-after-exit-goes-to-login');
    });
  });

  it('on a 360 px phone the login page and the application centre fit the screen', async () => {
    await runJourney(
      portal.browser,
      'phone-360',
      async (journey) => {
        const { page } = journey;
        await page.goto(`${portal.server.url}/`);
        await waitForLoginPage(page, 'default');
        await assertFitsWidth(page, 360);
        await journey.shot('login-phone');
        await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
        await waitForHome(page, 'zhangwei');
        await assertCards(page, DEFAULT_APPS);
        await assertFitsWidth(page, 360);
        await journey.shot('home-phone');
        await openUserMenu(page);
        await assertFitsWidth(page, 360);
        await journey.shot('user-menu-phone');
      },
      { viewport: { width: 360, height: 740 } },
    );
  });

  it('an unknown path shows the login page', async () => {
    await runJourney(portal.browser, 'unknown-path', async (journey) => {
      const { page } = journey;
      const response = await page.goto(`${portal.server.url}/no/such/page?x=1`);
      assert.equal(response?.status(), 200);
      await waitForLoginPage(page, 'default');
      assert.equal(new URL(page.url()).pathname, '/no/such/page');
      assert.equal(await loginBoxTitle(page).textContent(), '密码登录');
      await journey.shot('unknown-path-login');

      // The login page there works: signing in lands on the application centre.
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await journey.shot('signed-in-from-unknown-path');
    });
  });
});

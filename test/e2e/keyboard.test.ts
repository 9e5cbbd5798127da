// The whole everyday journey without a mouse: Tab to the login form, type, Enter signs in; Tab to
// an application card, Enter opens it; the user menu opens and exits with the keyboard.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { DEMO, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

/** The focused element inside the shadow roots: its tag, name attribute, part and text. */
async function focused(page: Page): Promise<{ tag: string; name: string; part: string; text: string }> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      name: active?.getAttribute('name') ?? '',
      part: active?.getAttribute('part') ?? '',
      text: active?.textContent?.trim() ?? '',
    };
  });
}

/** Presses Tab (or `key`) until the focused element matches (at most `limit` times); fails otherwise. */
async function tabTo(page: Page, what: string, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean, key = 'Tab', limit = 15): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (matches(await focused(page))) return;
  }
  assert.fail(`${what} not reached with ${limit} presses of ${key}`);
}

describe('keyboard only', { timeout: 120_000 }, () => {
  const portal = usePortalAndBrowser();

  it('signs in, opens an app and exits using only the keyboard', async () => {
    await runJourney(portal.browser, 'keyboard-only', async (journey) => {
      const { page, context } = journey;
      await context.route(/^https?:\/\/[^/]*example\.com(\/|$)/, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>应用</title>' }),
      );
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);

      await tabTo(page, 'the username field', (f) => f.tag === 'input' && f.name === 'name');
      await page.keyboard.type(DEMO.zhangwei.name);
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).name, 'pwd', 'Tab goes from the username to the password');
      await page.keyboard.type(DEMO.zhangwei.password);
      await journey.shot('login-typed');
      await page.keyboard.press('Enter');
      await waitForHome(page, 'zhangwei');
      await journey.shot('home');

      await tabTo(page, 'an application card', (f) => f.part === 'card');
      const cardText = (await focused(page)).text;
      assert.ok(cardText.startsWith('销售管理系统'), `the first card is focused first, got ${cardText}`);
      await journey.shot('card-focused');
      const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
      await popup.waitForLoadState('domcontentloaded');
      assert.equal(popup.url(), 'https://crm.example.com/sso/login');
      await popup.close();

      // Back from the card to the user menu button in the top bar.
      await page.bringToFront();
      await tabTo(page, 'the user menu button', (f) => f.part === 'user-button', 'Shift+Tab');
      await page.keyboard.press('Enter');
      await page.locator('app-center [part="user-menu"]').waitFor();
      const item = await focused(page);
      assert.equal(item.part, 'account', 'the menu opens with its first command (我的账号) focused');
      await page.keyboard.press('ArrowDown');
      assert.equal((await focused(page)).part, 'exit');
      await journey.shot('user-menu-by-keyboard');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await journey.shot('after-exit');
    });
  });
});

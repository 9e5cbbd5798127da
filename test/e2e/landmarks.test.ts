// Landmarks and metadata of the built pages (issue 15): one <main> holding the element on / and
// /home and around the demo page, a meta description on /, /home and /demo/ (Lighthouse SEO), and
// axe (injected through the DevTools protocol, so the strict CSP stays as it is) with no violation
// on the portal's login page in every brand and on the demo page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { DEMO, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

async function description(page: Page): Promise<string> {
  return (await page.locator('head meta[name="description"]').getAttribute('content')) ?? '';
}

async function checkPage(page: Page, path: string, tag: string): Promise<void> {
  assert.equal(new URL(page.url()).pathname, path);
  assert.equal(await page.locator('main').count(), 1, `${path}: one main`);
  assert.equal(await page.locator(`main ${tag}`).count(), 1, `${path}: ${tag} inside main`);
  assert.ok((await description(page)).length >= 40, `${path}: a meta description`);
  assert.deepEqual(await axeViolations(page), [], path);
}

describe('landmarks and metadata', { timeout: 180_000 }, () => {
  const portal = usePortalAndBrowser();

  it('/ and /home: one <main> around the element, a meta description, no axe violation', async () => {
    await runJourney(portal.browser, 'landmarks-portal', async ({ page }) => {
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await checkPage(page, '/', 'sso-login');
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, DEMO.zhangwei.name);
      await checkPage(page, '/home', 'app-center');
    });
  });

  it('/demo/: one <main> and a meta description', async () => {
    await runJourney(portal.browser, 'landmarks-demo', async ({ page }) => {
      await page.goto(`${portal.server.url}/demo/`);
      await page.locator('main sso-login').first().waitFor({ state: 'attached' });
      assert.equal(await page.locator('main').count(), 1);
      assert.ok((await description(page)).length >= 40);
      await page.locator('sso-login [part="base"][data-group-loaded="true"]').first().waitFor();
      assert.deepEqual(await axeViolations(page), [], '/demo/');
    });
  });

  it('axe finds no violation on the login page of every brand', async () => {
    await runJourney(portal.browser, 'landmarks-axe', async ({ page }) => {
      for (const host of ['localhost', 'ka.localhost', 'operation.localhost', 'yingfeng.localhost', 'icar.localhost', 'exeed.localhost']) {
        await page.goto(`${portal.server.hostUrl(host)}/`);
        await page.locator('sso-login [part="base"][data-group-loaded="true"]').waitFor();
        assert.deepEqual(await axeViolations(page), [], host);
      }
    });
  });
});

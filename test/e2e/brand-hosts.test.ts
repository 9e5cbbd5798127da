// The server picks the client group from the host, and the login page wears that group's brand:
// each of the six brands (ka also under its alias keyaccount) on its own *.localhost host, with the
// QR toggle only where the group configures a messenger.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { brandPanel, loginBox, loginBoxTitle } from './support/portal-ui.ts';

/** host -> brand code on the page, brand title, whether a messenger QR login is offered (demo data). */
const BRAND_HOSTS = [
  { host: 'localhost', brand: 'default', title: '企业统一登录平台', qr: true },
  { host: 'ka.localhost', brand: 'key-account', title: '大客户营销平台', qr: true },
  { host: 'keyaccount.localhost', brand: 'key-account', title: '大客户营销平台', qr: true },
  { host: 'operation.localhost', brand: 'operation', title: '运营管理平台', qr: true },
  { host: 'yingfeng.localhost', brand: 'yingfeng', title: '盈峰业务平台', qr: false },
  { host: 'icar.localhost', brand: 'icar', title: 'iCAR 经销商平台', qr: true },
  { host: 'exeed.localhost', brand: 'exeed', title: '星途 EXEED 经销商平台', qr: true },
] as const;

describe('brands by host', { timeout: 120_000 }, () => {
  const portal = usePortalAndBrowser();

  it('each host shows its brand on the login page', async () => {
    await runJourney(portal.browser, 'brand-hosts', async (journey) => {
      const { page } = journey;
      const primaryColours = new Map<string, string>();
      for (const expected of BRAND_HOSTS) {
        await page.goto(`${portal.server.hostUrl(expected.host)}/`);
        await page.locator(`sso-login [part="base"][data-brand="${expected.brand}"]`).waitFor();
        await brandPanel(page).locator('.sso-brand__title', { hasText: expected.title }).waitFor();
        assert.equal(await brandPanel(page).locator('.sso-brand__title').textContent(), expected.title, expected.host);
        assert.equal(await brandPanel(page).locator('.sso-brand__slogans li').count(), 2, `${expected.host}: two slogans`);
        // The group theme's logo from the config, loaded from the portal's /assets/brands/.
        const logo = brandPanel(page).locator('img.sso-brand__logo');
        await page.waitForFunction((el) => (el as HTMLImageElement | null)?.complete === true, await logo.elementHandle());
        assert.equal(await logo.count(), 1, `${expected.host}: a logo`);
        assert.match((await logo.getAttribute('src')) ?? '', /\/assets\/brands\/[a-z]+\.svg$/);
        assert.ok((await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0, `${expected.host}: the logo loaded`);
        assert.equal(await loginBoxTitle(page).textContent(), '密码登录');
        // The group configuration has arrived once the carousel shows the group's images.
        await page.locator(`sso-login .sso-carousel__image[src*="/assets/bg/"]`).first().waitFor({ state: 'attached' });
        assert.equal(await loginBox(page).locator('[part="toggle"]').count(), expected.qr ? 1 : 0, `${expected.host}: QR toggle`);
        // The group's own colour on the sign-in button (the theme in its config).
        primaryColours.set(expected.brand, await loginBox(page).locator('.sso-button--primary').first().evaluate((button) => getComputedStyle(button).backgroundColor));
        await journey.shot(`login-${expected.host.replace(/\./g, '-')}`);
      }
      assert.equal(new Set(primaryColours.values()).size, 6, `six brands, six colours: ${JSON.stringify([...primaryColours])}`);
    });
  });
});

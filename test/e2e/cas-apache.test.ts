// CAS single sign-on and single logout with a real CAS client nobody on the team wrote: Debian's
// Apache httpd with mod_auth_cas 1.2 (CAS 3.0 validation at p3/serviceValidate, CASSSOEnabled for
// the logoutRequest), in its own apache2 process on a free port of 127.0.0.2, registered with the
// admin CLI and shown as an app card, exactly as an administrator does it.
//   cas-from-app:   the app's protected page → the portal's login page → back at the app signed in
//                   (username, groups and phone from the ticket's attributes); 退出登录 in the portal
//                   → the app gets a logoutRequest and sends the browser to sign in again
//   cas-from-card:  signed in at the portal, the card opens the app signed in, no prompt
//   cas-dealer:     a dealer is refused by the staff-only service with a Chinese page
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../helpers/free-port.ts';
import { adminCli } from '../helpers/admin-cli.ts';
import { apacheInstalled, type ApacheApp } from '../helpers/apache.ts';
import { REPO_ROOT } from '../helpers/start-server.ts';
import { launchBrowser, runJourney } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { startCasApache, untilSignedOut } from './support/apache-apps.ts';
import { appCards, DEMO, exitFromHome, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

function shownPages(page: Page): string[] {
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  return shown;
}

describe('CAS single sign-on and single logout with Apache mod_auth_cas', { timeout: 180_000, skip: !apacheInstalled() && 'apache2 is not installed (.ci/run installs it)' }, () => {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let app: ApacheApp | undefined;
  let issuer = '';

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    const [started, launched] = await Promise.allSettled([startPortalServer({ SSO_PORT: String(port), SSO_PUBLIC_URL: issuer }), launchBrowser()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    app = await startCasApache(issuer, '127.0.0.2', '经销商管理系统');
    const { dataDir } = portal!;
    await adminCli({ dataDir }, ['add-client', 'dms', '--protocol', 'cas', '--service', `${app.origin}/secret/*`, '--name', '经销商管理系统', '--group', 'default']);
    const demo = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/seed/demo-data.json'), 'utf8')) as { groups: { code: string }[] };
    const group = demo.groups.find((g) => g.code === 'default')!;
    const file = path.join(dataDir, 'cas-card.json');
    fs.writeFileSync(file, JSON.stringify({ groups: [{ ...group, apps: [{ id: 'dms-card', name: '经销商管理系统', logo: '', intro: 'CAS 应用', autoLoginUrl: `${app.origin}/secret/`, oidcClient: 'dms' }] }] }));
    await adminCli({ dataDir }, ['import', file]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
    await app?.stop();
  });

  it('signs in at the app through the portal login page and out of it with 退出登录 in the portal', async () => {
    await runJourney(browser!, 'cas-from-app', async (journey) => {
      const { page } = journey;
      await page.goto(`${app!.origin}/secret/`);
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await journey.shot('portal-login-page');
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL(`${app!.origin}/secret/`);
      assert.equal(await page.locator('#user').textContent(), '已登录：zhangwei');
      assert.match((await page.locator('#groups').textContent())!, /default/);
      assert.equal(await page.locator('#phone').textContent(), '13800000002');
      await journey.shot('app-signed-in');

      await page.goto(`${issuer}/home`);
      await waitForHome(page, 'zhangwei');
      await exitFromHome(page);
      await waitForLoginPage(page);
      await untilSignedOut(page, `${app!.origin}/secret/`, issuer);
      await page.goto(`${app!.origin}/secret/`);
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await journey.shot('app-signed-out-by-logout-request');
    });
  });

  it('opens the app from its card signed in, with no page of the portal on the way', async () => {
    await runJourney(browser!, 'cas-from-card', async (journey) => {
      const { page, context } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await appCards(page).filter({ hasText: '经销商管理系统' }).waitFor();
      const [opened] = await Promise.all([context.waitForEvent('page'), appCards(page).filter({ hasText: '经销商管理系统' }).click()]);
      const shown = shownPages(opened);
      await opened.waitForURL(`${app!.origin}/secret/`);
      assert.equal(await opened.locator('#user').textContent(), '已登录：zhangwei');
      assert.deepEqual(shown.filter((url) => url.startsWith(issuer)), [], 'no page of the portal on the way');
      await journey.shot('app-from-card', opened);
    });
  });

  it('refuses a dealer at the staff-only service with a Chinese page', async () => {
    await runJourney(browser!, 'cas-dealer', async (journey) => {
      const { page } = journey;
      await page.goto(`${app!.origin}/secret/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.dealer01.name, DEMO.dealer01.password);
      await page.getByRole('heading', { name: '无法完成登录' }).waitFor();
      assert.match((await page.locator('main').textContent())!, /您的账号无权使用该应用/);
      assert.equal(new URL(page.url()).origin, issuer);
      await journey.shot('dealer-refused');
    });
  });
});

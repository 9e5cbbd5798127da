// SAML 2.0 single sign-on and single logout with a real SP nobody on the team wrote: Debian's
// Apache httpd with mod_auth_mellon 0.18, in its own apache2 process (metadata exchanged both
// ways: the portal's /saml/metadata is mellon's IdP file, mellon's /mellon/metadata is registered
// with add-client --metadata <URL>), next to the mod_auth_cas app of cas-apache.test.ts.
//   cas-then-saml:  sign in at the CAS app through the portal, open the SAML app: signed in with no
//                   prompt (attributes from the assertion); 退出登录 in the portal signs both out
//                   (CAS logoutRequest, SAML LogoutRequest over mellon's SOAP back channel)
//   saml-front-logout: a second mellon SP whose metadata offers only HTTP-Redirect logout (no SOAP):
//                   退出登录 in the portal walks the browser through it (signed LogoutRequest, its
//                   LogoutResponse back), ends on 您已退出登录, and the app asks for sign-in again
//   saml-from-card: the SAML app's card opens it signed in (IdP-initiated SSO)
//   saml-dealer:    a dealer is refused by the staff-only SP with a Chinese page
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
import { startCasApache, startMellonApache, untilMellonSignedOut, untilSignedOut } from './support/apache-apps.ts';
import { appCards, DEMO, exitFromHome, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

function shownPages(page: Page): string[] {
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  return shown;
}

const portalPages = (shown: string[], issuer: string) => shown.filter((url) => url.startsWith(issuer) && !new URL(url).pathname.startsWith('/saml/'));

describe('SAML single sign-on and single logout with Apache mod_auth_mellon', { timeout: 180_000, skip: !apacheInstalled() && 'apache2 is not installed (.ci/run installs it)' }, () => {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let cas: ApacheApp | undefined;
  let saml: ApacheApp | undefined;
  let front: ApacheApp | undefined;
  let issuer = '';

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    const [started, launched] = await Promise.allSettled([startPortalServer({ SSO_PORT: String(port), SSO_PUBLIC_URL: issuer, ...(process.env.SSO_E2E_APACHE_LOG ? { SSO_LOG_LEVEL: 'info' } : {}) }), launchBrowser()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const idpMetadata = await (await fetch(`${issuer}/saml/metadata`)).text();
    // Both settled before a failure is thrown, so after() stops whichever did start.
    const [casStarted, samlStarted, frontStarted] = await Promise.allSettled([
      startCasApache(issuer, '127.0.0.2', '经销商管理系统'), startMellonApache(idpMetadata, '127.0.0.1', '人事系统'),
      startMellonApache(idpMetadata, '127.0.0.1', '报销系统', { logout: 'redirect', cookie: 'expense' }),
    ]);
    if (casStarted.status === 'fulfilled') cas = casStarted.value;
    if (samlStarted.status === 'fulfilled') saml = samlStarted.value;
    if (frontStarted.status === 'fulfilled') front = frontStarted.value;
    if (casStarted.status === 'rejected') throw casStarted.reason;
    if (samlStarted.status === 'rejected') throw samlStarted.reason;
    if (frontStarted.status === 'rejected') throw frontStarted.reason;
    const { dataDir } = portal!;
    await adminCli({ dataDir }, ['add-client', 'dms', '--protocol', 'cas', '--service', `${cas!.origin}/secret/*`, '--name', '经销商管理系统', '--group', 'default']);
    await adminCli({ dataDir }, ['add-client', 'hr', '--protocol', 'saml', '--metadata', `${saml!.origin}/mellon/metadata`, '--name', '人事系统', '--group', 'default']);
    await adminCli({ dataDir }, ['add-client', 'expense', '--protocol', 'saml', '--metadata', `${front!.origin}/mellon/metadata`, '--name', '报销系统']);
    const demo = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/seed/demo-data.json'), 'utf8')) as { groups: { code: string }[] };
    const group = demo.groups.find((g) => g.code === 'default')!;
    const file = path.join(dataDir, 'saml-card.json');
    fs.writeFileSync(file, JSON.stringify({ groups: [{ ...group, apps: [
      { id: 'hr-card', name: '人事系统', logo: '', intro: 'SAML 应用', autoLoginUrl: `${saml!.origin}/secret/`, oidcClient: 'hr' },
    ] }] }));
    await adminCli({ dataDir }, ['import', file]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
    await cas?.stop();
    await front?.stop();
    // SSO_E2E_APACHE_LOG=<file>: mellon's error log and the portal's output (at info) for a failing run.
    if (process.env.SSO_E2E_APACHE_LOG) fs.writeFileSync(process.env.SSO_E2E_APACHE_LOG, (saml?.errorLog() ?? '') + (portal?.output() ?? ''));
    await saml?.stop();
  });

  it('signs in at the CAS app, into the SAML app with no prompt, and out of both with 退出登录 in the portal', async () => {
    await runJourney(browser!, 'cas-then-saml', async (journey) => {
      const { page } = journey;
      await page.goto(`${cas!.origin}/secret/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL(`${cas!.origin}/secret/`);
      assert.equal(await page.locator('#user').textContent(), '已登录：zhangwei');
      await journey.shot('cas-app-signed-in');

      const shown = shownPages(page);
      await page.goto(`${saml!.origin}/secret/`);
      await page.waitForURL(`${saml!.origin}/secret/`);
      assert.equal(await page.locator('#user').textContent(), '已登录：zhangwei');
      assert.match((await page.locator('#groups').textContent())!, /default/);
      assert.equal(await page.locator('#phone').textContent(), '13800000002');
      assert.deepEqual(portalPages(shown, issuer), [], 'no page of the portal on the way to the SAML app');
      await journey.shot('saml-app-signed-in-no-prompt');

      await page.goto(`${issuer}/home`);
      await waitForHome(page, 'zhangwei');
      await exitFromHome(page);
      await waitForLoginPage(page);
      await Promise.all([untilSignedOut(page, `${cas!.origin}/secret/`, issuer), untilMellonSignedOut(page, `${saml!.origin}/secret/`)]);
      await page.goto(`${saml!.origin}/secret/`);
      await waitForLoginPage(page);
      await journey.shot('saml-app-signed-out');
    });
  });

  it('signs out of an SP with only HTTP-Redirect logout through the browser, with 退出登录 in the portal', async () => {
    const metadata = await (await fetch(`${front!.origin}/mellon/metadata`)).text();
    assert.doesNotMatch(metadata, /bindings:SOAP/, 'the SP offers no back channel');
    assert.match(metadata, /SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"/);
    await runJourney(browser!, 'saml-front-logout', async (journey) => {
      const { page } = journey;
      await page.goto(`${front!.origin}/secret/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL(`${front!.origin}/secret/`);
      assert.equal(await page.locator('#user').textContent(), '已登录：zhangwei');
      await journey.shot('front-channel-app-signed-in');

      // Every top-level request, redirects included (the chain's hops are redirects, not pages shown).
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requested.push(request.url());
      });
      await page.goto(`${issuer}/home`);
      await waitForHome(page, 'zhangwei');
      await exitFromHome(page);
      await page.getByRole('status').filter({ hasText: '您已退出登录' }).waitFor();
      await page.getByRole('link', { name: '重新登录' }).waitFor();
      assert.ok(requested.some((url) => url.startsWith(`${front!.origin}/mellon/logout?SAMLRequest=`)), 'the browser went to the SP with the LogoutRequest');
      assert.ok(requested.some((url) => url.startsWith(`${issuer}/saml/slo?SAMLResponse=`)), 'and came back with its LogoutResponse');
      await journey.shot('front-channel-signed-out');
      await untilMellonSignedOut(page, `${front!.origin}/secret/`);
      await page.goto(`${front!.origin}/secret/`);
      await waitForLoginPage(page);
    });
  });

  it('opens the SAML app from its card signed in (IdP-initiated)', async () => {
    await runJourney(browser!, 'saml-from-card', async (journey) => {
      const { page, context } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      const card = appCards(page).filter({ hasText: '人事系统' });
      await card.waitFor();
      const [opened] = await Promise.all([context.waitForEvent('page'), card.click()]);
      await opened.waitForURL(`${saml!.origin}/secret/`);
      assert.equal(await opened.locator('#user').textContent(), '已登录：zhangwei');
      await journey.shot('saml-app-from-card', opened);
    });
  });

  it('refuses a dealer at the staff-only SP with a Chinese page', async () => {
    await runJourney(browser!, 'saml-dealer', async (journey) => {
      const { page } = journey;
      await page.goto(`${saml!.origin}/secret/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.dealer01.name, DEMO.dealer01.password);
      await page.getByRole('heading', { name: '无法完成登录' }).waitFor();
      assert.match((await page.locator('main').textContent())!, /您的账号无权使用该应用/);
      await journey.shot('dealer-refused');
    });
  });
});

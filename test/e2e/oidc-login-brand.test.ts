// oidc-login-brand: an app of one client group (registered with --group exeed) sends a signed-out
// browser to the portal on the portal's own host; the login page wears the EXEED brand, not the
// host's, and signing in there brings the browser back to the app signed in. An app without a
// group gets the host's brand. The portal runs as `npm start` runs it (SSO_PUBLIC_URL = its origin).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort } from '../helpers/free-port.ts';
import { startRelyingParty, untilClientsKnown, type RelyingParty } from '../helpers/relying-party.ts';
import { adminCli } from '../helpers/admin-cli.ts';
import { launchBrowser, runJourney } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { DEMO, submitPasswordLogin, waitForLoginPage } from './support/portal-ui.ts';

/** Registers the app's client with the admin CLI, as docs/oidc.md tells an administrator to. */
function addClient(dataDir: string, rp: RelyingParty, clientId: string, secret: string, groups: string[]): Promise<string> {
  // The secret on standard input, never an argument.
  return adminCli({ dataDir }, [
    'add-client', clientId, '--secret-stdin', '--redirect-uri', rp.redirectUri,
    '--post-logout-redirect-uri', rp.postLogoutRedirectUri, ...groups.flatMap((g) => ['--group', g]),
  ], {}, `${secret}\n`);
}

describe('the login page of an app of one group wears that group\'s brand', { timeout: 180_000 }, () => {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let issuer = '';
  let exeedApp: RelyingParty | undefined;
  let openApp: RelyingParty | undefined;

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    const [started, launched] = await Promise.allSettled([startPortalServer({ SSO_PORT: String(port), SSO_PUBLIC_URL: issuer }), launchBrowser()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const exeedSecret = crypto.randomBytes(24).toString('base64url');
    const openSecret = crypto.randomBytes(24).toString('base64url');
    exeedApp = await startRelyingParty({ title: '星途经销商系统', clientId: 'exeed-dms', clientSecret: exeedSecret, issuer });
    openApp = await startRelyingParty({ title: '公共应用', clientId: 'open-app', clientSecret: openSecret, issuer });
    await addClient(portal!.dataDir, exeedApp, 'exeed-dms', exeedSecret, ['exeed']);
    await addClient(portal!.dataDir, openApp, 'open-app', openSecret, []);
    await untilClientsKnown(issuer, [
      { clientId: 'exeed-dms', redirectUri: exeedApp.redirectUri },
      { clientId: 'open-app', redirectUri: openApp.redirectUri },
    ]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
    await exeedApp?.close();
    await openApp?.close();
  });

  it('EXEED brand on the portal host for the exeed app, signed in back at the app; host brand for an app of no group', async () => {
    const [exeed, open] = [exeedApp!, openApp!];
    await runJourney(browser!, 'oidc-login-brand', async (journey) => {
      const { page } = journey;
      await page.goto(`${exeed.origin}/`);
      await page.locator('#login').click();
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page, 'exeed');
      await journey.shot('portal-login-exeed-brand');
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL(`${exeed.origin}/`);
      assert.equal(await page.locator('#status').textContent(), '已登录：zhangwei');

      const other = await browser!.newContext();
      try {
        const fresh = await other.newPage();
        await fresh.goto(`${open.origin}/`);
        await fresh.locator('#login').click();
        await fresh.waitForURL((url) => url.origin === issuer);
        await waitForLoginPage(fresh, 'default');
      } finally {
        await other.close();
      }
    });
  });
});

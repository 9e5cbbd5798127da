// Single sign-on and single logout with two real relying-party apps (test/helpers/relying-party.ts),
// each on its own origin, registered with the admin CLI and shown as app cards through the import
// file, exactly as an administrator does it. The portal runs as `npm start` runs it, with
// SSO_PUBLIC_URL set to its real origin (the issuer the apps discover).
//   rp-from-app:    app A → portal login page → signed in at A; app B signs in with no prompt;
//                   退出登录 at A (RP-initiated logout) → B gets the back-channel logout, shows 未登录
//   rp-from-portal: signed in at the portal, the cards of A and B open them through their
//                   initiate_login_uri, signed in with no prompt; 退出登录 in the portal → both get
//                   back-channel logouts and show 未登录
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../helpers/free-port.ts';
import { startRelyingParty, untilClientsKnown, type RelyingParty } from '../helpers/relying-party.ts';
import { adminCli } from '../helpers/admin-cli.ts';
import { REPO_ROOT } from '../helpers/start-server.ts';
import { launchBrowser, runJourney } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { appCards, DEMO, exitFromHome, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';
import { waitUntil } from '../helpers/wait-until.ts';

function registerClient(dataDir: string, clientId: string, name: string, secret: string, rp: RelyingParty): Promise<string> {
  // The secret on standard input, never an argument (docs/oidc.md).
  return adminCli({ dataDir }, ['add-client', clientId, '--secret-stdin', '--name', name,
    '--redirect-uri', rp.redirectUri, '--post-logout-redirect-uri', rp.postLogoutRedirectUri,
    '--backchannel-logout-uri', rp.backchannelLogoutUri, '--initiate-login-uri', rp.initiateLoginUri], {}, `${secret}\n`);
}

/** The default group as the demo data has it, with the cards of the two apps added. */
function importCards(dataDir: string, cards: { id: string; name: string; client: string; rp: RelyingParty }[]): Promise<string> {
  const demo = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/seed/demo-data.json'), 'utf8')) as { groups: { code: string }[] };
  const group = demo.groups.find((g) => g.code === 'default')!;
  const apps = cards.map((c) => ({ id: c.id, name: c.name, logo: '', intro: '单点登录示例应用', autoLoginUrl: `${c.rp.origin}/`, oidcClient: c.client }));
  const file = path.join(dataDir, 'rp-cards.json');
  fs.writeFileSync(file, JSON.stringify({ groups: [{ ...group, apps }] }));
  return adminCli({ dataDir }, ['import', file]);
}

const status = (page: Page) => page.locator('#status');

function eventually(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  return waitUntil(condition, { timeoutMs, everyMs: 50, failure: () => `${what} did not happen within ${timeoutMs} ms` });
}

/** Main-frame pages the page shows from now on (a redirect that is passed through is not shown). */
function shownPages(page: Page): string[] {
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  return shown;
}

describe('single sign-on and single logout with two relying parties', { timeout: 180_000 }, () => {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let issuer = '';
  let appA: RelyingParty | undefined;
  let appB: RelyingParty | undefined;

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    const [started, launched] = await Promise.allSettled([
      startPortalServer({ SSO_PORT: String(port), SSO_PUBLIC_URL: issuer }),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const secretA = crypto.randomBytes(24).toString('base64url');
    const secretB = crypto.randomBytes(24).toString('base64url');
    appA = await startRelyingParty({ title: '应用 A', clientId: 'rp-a', clientSecret: secretA, issuer });
    appB = await startRelyingParty({ title: '应用 B', clientId: 'rp-b', clientSecret: secretB, issuer });
    await registerClient(portal!.dataDir, 'rp-a', '应用 A', secretA, appA);
    await registerClient(portal!.dataDir, 'rp-b', '应用 B', secretB, appB);
    await importCards(portal!.dataDir, [
      { id: 'rp-a-card', name: '应用 A', client: 'rp-a', rp: appA },
      { id: 'rp-b-card', name: '应用 B', client: 'rp-b', rp: appB },
    ]);
    // The running server reloads its clients every two seconds (catalog/app-registry.ts): wait until
    // its authorization endpoint knows both, rather than for a fixed time.
    await untilClientsKnown(issuer, [{ clientId: 'rp-a', redirectUri: appA.redirectUri }, { clientId: 'rp-b', redirectUri: appB.redirectUri }]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
    await appA?.close();
    await appB?.close();
  });

  it('signs in at app A through the login page, into app B with no prompt, and out of both from A', async () => {
    const [a, b] = [appA!, appB!];
    await runJourney(browser!, 'rp-from-app', async (journey) => {
      const { page } = journey;
      await page.goto(`${a.origin}/`);
      await status(page).filter({ hasText: '未登录' }).waitFor();
      await journey.shot('app-a-signed-out');

      await page.locator('#login').click();
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await journey.shot('portal-login-page');
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL(`${a.origin}/`);
      assert.equal(await status(page).textContent(), '已登录：zhangwei');
      await journey.shot('app-a-signed-in');

      const shown = shownPages(page);
      await page.goto(`${b.origin}/login`);
      await page.waitForURL(`${b.origin}/`);
      assert.equal(await status(page).textContent(), '已登录：zhangwei');
      assert.deepEqual(shown.filter((url) => url.startsWith(issuer)), [], 'no page of the portal on the way to B');
      await journey.shot('app-b-signed-in-no-prompt');

      const logoutsOfB = b.logouts.length;
      await page.goto(`${a.origin}/`);
      await page.locator('#logout').click();
      // RP-initiated logout with id_token_hint: no confirmation page, straight back to A.
      await page.waitForURL(`${a.origin}/`);
      assert.equal(await status(page).textContent(), '未登录');
      await journey.shot('app-a-signed-out-again');

      await eventually('the back-channel logout at B', () => b.logouts.length > logoutsOfB);
      assert.deepEqual(b.refusedLogouts, []);
      await page.goto(`${b.origin}/`);
      assert.equal(await status(page).textContent(), '未登录');
      assert.equal(await page.locator('#note').textContent(), '已在统一登录平台退出');
      await journey.shot('app-b-signed-out-by-back-channel');

      // The portal session ended too: signing in at B asks for the password again.
      await page.locator('#login').click();
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
    });
  });

  it('opens apps A and B from their cards in the app centre signed in, and signs out of both with 退出登录', async () => {
    const [a, b] = [appA!, appB!];
    await runJourney(browser!, 'rp-from-portal', async (journey) => {
      const { page, context } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await appCards(page).filter({ hasText: '应用 B' }).waitFor();
      await journey.shot('home-with-app-cards');

      const open = async (app: RelyingParty, title: string) => {
        const before = app.initiatedLogins.length;
        const [opened] = await Promise.all([context.waitForEvent('page'), appCards(page).filter({ hasText: title }).click()]);
        const shown = shownPages(opened);
        await opened.waitForURL(`${app.origin}/`);
        assert.equal(await status(opened).textContent(), '已登录：zhangwei');
        assert.deepEqual(shown.filter((url) => url.startsWith(issuer)), [], `no page of the portal on the way to ${title}`);
        assert.deepEqual(app.initiatedLogins.slice(before), [{ iss: issuer, target: `${app.origin}/` }],
          'the card went through initiate_login_uri with the issuer and the card address');
        return opened;
      };
      const pageA = await open(a, '应用 A');
      await journey.shot('app-a-from-card', pageA);
      const pageB = await open(b, '应用 B');
      await journey.shot('app-b-from-card', pageB);

      const [logoutsOfA, logoutsOfB] = [a.logouts.length, b.logouts.length];
      await page.bringToFront();
      await exitFromHome(page);
      await page.waitForURL(`${issuer}/`);
      await waitForLoginPage(page);
      await journey.shot('portal-signed-out');

      await eventually('the back-channel logouts at A and B', () => a.logouts.length > logoutsOfA && b.logouts.length > logoutsOfB);
      assert.deepEqual([...a.refusedLogouts, ...b.refusedLogouts], []);
      for (const [opened, name] of [[pageA, 'a'], [pageB, 'b']] as const) {
        await opened.reload();
        assert.equal(await status(opened).textContent(), '未登录');
        assert.equal(await opened.locator('#note').textContent(), '已在统一登录平台退出');
        await journey.shot(`app-${name}-signed-out-by-back-channel`, opened);
      }
    });
  });
});

// The same passkey on a brand page on another origin (issue 21, WebAuthn Related Origin Requests):
// zhangwei adds a passkey on https://sso.test/account (Chromium's virtual authenticator, resident
// keys and user verification), then on an allow-listed brand page https://brand.test:<port> the
// button 使用通行密钥登录 signs him in with no username, and the brand page's flow ends as after a
// password (embed.test.ts): the one-time ticket, then /home on the SSO origin with a first-party
// session. The relying party ID is sso.test, so Chromium asks https://sso.test/.well-known/webauthn
// (port 443) whether brand.test:<port> may use it. A browser without Related Origin Requests gets no
// button on the brand page; an origin no group registered gets nothing from the SSO API (CORS), so
// the button's attempt ends with the Chinese message at the form.
//
// The rig (support/tls-sites.ts): a throw-away certificate, a TLS front on 127.0.0.1:443 for the
// portal (SSO_PUBLIC_URL=https://sso.test, SSO_TRUST_PROXY=1), the brand pages over https on a
// port of their own, Chromium resolving the names to 127.0.0.1. Port 443 is held only while this
// file runs; a taken port fails the file with a message saying so.
// Chromium shipped Related Origin Requests in 128 (Debian's is newer, e.g. 156) and reports them
// through PublicKeyCredential.getClientCapabilities(), which the widget asks before showing the button.
// Origins are compared exactly, port included: the allow-list entry and the /.well-known/webauthn
// entry are the brand page's origin with its port. Chromium reads at most five distinct registrable
// domain labels from that list (sso.test, example.com of the demo data and brand.test here).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { adminCli } from '../helpers/admin-cli.ts';
import { waitUntilAsync } from '../helpers/wait-until-async.ts';
import { launchBrowser, runJourney, type Journey } from './support/browser.ts';
import { embedPage } from './support/brand-site.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { DEMO, formError, loginBox, proveIdentityInDialog, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';
import { chromiumFlagsFor, makeCertificate, startTlsBrandSite, startTlsFront, type TlsBrandSite, type TlsFront } from './support/tls-sites.ts';

const SSO_HOST = 'sso.test';
const SSO = `https://${SSO_HOST}`;
const HOSTS = [SSO_HOST, 'brand.test', 'stranger.test'];
const PASSKEY_NAME = '测试电脑';
/** The password form keeps 使用通行密钥登录 for the button (no autofill offering the passkey at once). */
const NO_AUTOFILL = 'try { PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false); } catch (e) { console.error(e); }';

async function addVirtualAuthenticator(journey: Journey): Promise<void> {
  const cdp = await journey.context.newCDPSession(journey.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function isLoginOn(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await (await fetch('/api/centerAuth/sso/isLogin')).json()).data === true);
}

async function brandPageReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('sso-login [part="base"][data-brand="exeed"]').waitFor();
  await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
}

describe('the same passkey on a brand page on another origin (Related Origin Requests)', { timeout: 240_000 }, () => {
  let server: PortalServer;
  let front: TlsFront;
  let brand: TlsBrandSite;
  let browser: Browser;
  let brandOrigin: string;

  before(async () => {
    const certificate = makeCertificate(HOSTS);
    server = await startPortalServer({ SSO_PUBLIC_URL: SSO, SSO_TRUST_PROXY: '1' });
    front = await startTlsFront(certificate, server.url);
    brand = await startTlsBrandSite(certificate, { '/': embedPage(SSO, 'sso-domain="exeed.localhost"') }, SSO);
    brandOrigin = brand.originFor('brand.test');
    await adminCli({ dataDir: server.dataDir }, ['allow-origin', 'exeed', brandOrigin]);
    // Allowed by another process: the running server sees it at its next check of the catalog.
    await waitUntilAsync(async () => {
      const { origins } = await (await fetch(`${server.url}/.well-known/webauthn`)).json() as { origins: string[] };
      return origins.includes(brandOrigin);
    }, { timeoutMs: 10_000, everyMs: 50, failure: () => `the server never listed ${brandOrigin}` });
    browser = await launchBrowser(chromiumFlagsFor(HOSTS, certificate));
  });
  after(async () => {
    await browser?.close();
    await brand?.stop();
    await front?.stop();
    await server?.stop();
  });

  it('serves https://sso.test/.well-known/webauthn on port 443 listing the allow-listed brand origin, port and all', async () => {
    const page = await browser.newPage();
    try {
      const answer = await page.goto(`${SSO}/.well-known/webauthn`);
      assert.equal(answer?.status(), 200);
      assert.match(answer?.headers()['content-type'] ?? '', /^application\/json/);
      const { origins } = await answer!.json() as { origins: string[] };
      assert.equal(origins[0], SSO);
      assert.ok(origins.includes(brandOrigin), origins.join(', '));
      assert.equal(origins.includes(brand.originFor('stranger.test')), false);
    } finally {
      await page.close();
    }
  });

  it('a passkey added on https://sso.test/account signs in on https://brand.test:<port> with no username, as a password would', async () => {
    await runJourney(browser, 'passkey-brand', async (journey) => {
      const { page, context } = journey;
      await addVirtualAuthenticator(journey);
      await page.goto(`${SSO}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, DEMO.zhangwei.name);

      await page.goto(`${SSO}/account`);
      const section = page.locator('section[aria-labelledby="account-passkeys"]');
      await section.getByText('尚未添加通行密钥').waitFor();
      await section.getByLabel('通行密钥名称').fill(PASSKEY_NAME);
      await section.getByRole('button', { name: '添加通行密钥' }).click();
      // The page asks for the password first (issue 31); the name typed stays and the passkey is added.
      await proveIdentityInDialog(page, DEMO.zhangwei.password);
      await section.getByText(`已添加通行密钥“${PASSKEY_NAME}”`).waitFor();
      await journey.shot('passkey-added-on-sso-test');
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.addInitScript({ content: NO_AUTOFILL });
      await brandPageReady(page, `${brandOrigin}/`);
      const button = loginBox(page).getByRole('button', { name: '使用通行密钥登录' });
      await button.waitFor();
      await journey.shot('brand-page-passkey-button');
      // The brand page's flow: the success event names the one-time ticket's redeem URL on the SSO origin.
      const success = page.evaluate(() => new Promise<{ username: string; redirect: string }>((resolve) => {
        document.addEventListener('sso-login-success', (event) => resolve((event as CustomEvent<{ username: string; redirect: string }>).detail), { once: true });
      }));
      await button.click();
      // A refused ceremony (e.g. the brand origin missing from /.well-known/webauthn) says why at the form.
      const outcome = await Promise.race([
        success.then((signedIn) => ({ signedIn, said: null })),
        formError(page).waitFor({ timeout: 60_000 }).then(
          async () => ({ signedIn: null, said: await formError(page).textContent() }),
          () => new Promise<never>(() => undefined), // no error shown: the success event decides
        ),
      ]);
      assert.equal(outcome.said, null, `the brand page said: ${outcome.said}`);
      const detail = outcome.signedIn!;
      assert.equal(detail.username, DEMO.zhangwei.name);
      assert.ok(detail.redirect.startsWith(`${SSO}/api/centerAuth/sso/ticket/redeem?ticket=`), detail.redirect);
      await waitForHome(page, DEMO.zhangwei.name);
      await journey.shot('home-on-sso-test');
      assert.equal(new URL(page.url()).origin, SSO);
      assert.equal(await isLoginOn(page), true);
      assert.ok((await context.cookies(SSO)).some((cookie) => cookie.name.endsWith('sso_sid')), 'first-party session cookie on the SSO origin');

      // The account page shows the passkey as used.
      await page.goto(`${SSO}/account`);
      await section.locator(`[data-passkey="${PASSKEY_NAME}"] p`, { hasText: '最近使用' }).waitFor();
    });
  });

  it('a browser without Related Origin Requests shows no passkey button on the brand page (the password form stays)', async () => {
    await runJourney(browser, 'passkey-brand-no-ror', async (journey) => {
      const { page } = journey;
      await page.addInitScript({ content: 'PublicKeyCredential.getClientCapabilities = () => Promise.resolve({ relatedOrigins: false });' });
      await brandPageReady(page, `${brandOrigin}/`);
      await page.locator('sso-login [part="base"][data-group-loaded="true"]').waitFor();
      assert.equal(await loginBox(page).getByRole('button', { name: '使用通行密钥登录' }).count(), 0);
      // On the SSO origin itself the same browser keeps the button (no related origin needed there).
      await page.goto(`${SSO}/`);
      await waitForLoginPage(page);
      await loginBox(page).getByRole('button', { name: '使用通行密钥登录' }).waitFor();
    });
  });

  it('an origin no group registered: the passkey attempt fails with the Chinese message and signs no one in', async () => {
    await runJourney(browser, 'passkey-brand-stranger', async (journey) => {
      const { page, context } = journey;
      await addVirtualAuthenticator(journey);
      await page.addInitScript({ content: NO_AUTOFILL });
      const stranger = brand.originFor('stranger.test');
      await brandPageReady(page, `${stranger}/`);
      await loginBox(page).getByRole('button', { name: '使用通行密钥登录' }).click();
      await formError(page).filter({ hasText: '网络连接失败，请检查网络后重试' }).waitFor();
      await journey.shot('stranger-refused');
      assert.equal(new URL(page.url()).origin, stranger);
      assert.equal((await context.cookies(SSO)).some((cookie) => cookie.name.endsWith('sso_sid')), false);
    });
  });
});

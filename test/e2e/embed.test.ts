// A brand site on another site embeds <sso-login> with the two lines of docs/embedding.md and signs
// in across origins with third-party cookies blocked: the element calls the SSO API with CORS,
// gets a one-time ticket and the top window redeems it on the SSO origin, which ends with a
// first-party session there. Unregistered origins are refused; tickets cannot be replayed or used
// late; no page (brand, portal, demo) reports a single Content-Security-Policy violation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminCli } from '../helpers/admin-cli.ts';
import { launchBrowser, runJourney, type Journey } from './support/browser.ts';
import { embedPage, startBrandSite, type BrandSite } from './support/brand-site.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { credentialInput, DEMO, loginBox, toast, waitForHome } from './support/portal-ui.ts';

const TICKET_SECONDS = 8;
const EXEED_TITLE = '星途 EXEED 经销商平台';
const SSO_DOMAIN = 'sso-domain="exeed.localhost"';

/** Debian's Chromium as the other journeys launch it, plus third-party cookies blocked. */
function launchWithoutThirdPartyCookies(): Promise<Browser> {
  return launchBrowser(['--test-third-party-cookie-phaseout']);
}

/** Records every securitypolicyviolation of every page of the context (before any page script runs). */
async function countViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    }, true);
  });
}

const violations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** Lets the page settle (late scripts, pictures, the carousel) and asserts it reported no violation. */
async function assertNoViolations(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  assert.deepEqual(await violations(page), [], `CSP violations on ${where}`);
}

async function isLoginOn(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await (await fetch('/api/centerAuth/sso/isLogin')).json()).data === true);
}

/** Registers `origin` for the exeed group with the admin CLI, as docs/embedding.md tells an administrator to. */
function registerForExeed(server: PortalServer, origin: string): Promise<string> {
  return adminCli({ dataDir: server.dataDir }, ['allow-origin', 'exeed', origin]);
}

async function signInOnBrandPage(journey: Journey, url: string): Promise<string> {
  const { page } = journey;
  await page.goto(url);
  await page.locator('sso-login [part="base"][data-brand="exeed"]').waitFor();
  await page.locator('sso-login [part="brand"] .sso-brand__title', { hasText: EXEED_TITLE }).waitFor();
  await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
  await journey.shot('brand-page');
  await credentialInput(page, '用户名').fill(DEMO.zhangwei.name);
  await credentialInput(page, '密码').fill(DEMO.zhangwei.password);
  // The redeem URL, from the success event (whether or not the page lets the element navigate).
  const redeem = page.evaluate(() => new Promise<string>((resolve) => {
    document.addEventListener('sso-login-success', (event) => resolve((event as CustomEvent<{ redirect: string }>).detail.redirect), { once: true });
  }));
  await loginBox(page).getByRole('button', { name: '登录', exact: true }).click();
  return redeem;
}

describe('embedding <sso-login> on a brand site (another site, third-party cookies blocked)', () => {
  let server: PortalServer;
  let brand: BrandSite;
  let stranger: BrandSite;
  let browser: Browser;

  before(async () => {
    // The server's clock is moved past a ticket's lifetime on demand (no sleeping through it).
    server = await startPortalServer({ SSO_LOGIN_TICKET_SECONDS: String(TICKET_SECONDS) }, { clockStepMs: (TICKET_SECONDS + 1) * 1000 });
    const pages = (sso: string) => ({
      '/': embedPage(sso, SSO_DOMAIN),
      // A second copy of the script (and the module build next to it) does no harm.
      '/twice': embedPage(sso, SSO_DOMAIN, [
        `<script src="${sso}/widget/sso-widget.iife.js"></script>`,
        `<script src="${sso}/widget/sso-widget.iife.js"></script>`,
        `<script type="module" src="${sso}/widget/sso-widget.js"></script>`,
      ]),
      // The ES module build alone: the script and its lazily loaded sm-crypto chunk load in CORS mode.
      '/module': embedPage(sso, SSO_DOMAIN, [`<script type="module" src="${sso}/widget/sso-widget.js"></script>`]),
      // Without api-base: the element calls the API of the server its script came from.
      '/auto': embedPage(sso, SSO_DOMAIN).replace(` api-base="${sso}/api"`, ''),
      '/back': embedPage(sso, `${SSO_DOMAIN} call-back="__ORIGIN__/welcome"`),
      '/welcome': '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>欢迎</title><h1>欢迎回来</h1></html>',
    });
    brand = await startBrandSite(pages, server.url);
    stranger = await startBrandSite(pages, server.url);
    await registerForExeed(server, brand.origin);
    browser = await launchWithoutThirdPartyCookies();
  });
  after(async () => {
    await browser?.close();
    await brand?.stop();
    await stranger?.stop();
    await server?.stop();
  });

  it('signs in on the brand page and ends on /home of the SSO origin with a first-party session; no CSP violation', async () => {
    await runJourney(browser, 'embed-sign-in', async (journey) => {
      const { page, context } = journey;
      await countViolations(context);
      const redeemUrl = await signInOnBrandPage(journey, `${brand.origin}/`);
      assert.ok(redeemUrl.startsWith(`${server.url}/api/centerAuth/sso/ticket/redeem?ticket=`), redeemUrl);
      await waitForHome(page, DEMO.zhangwei.name);
      await journey.shot('home-on-sso-origin');
      assert.equal(new URL(page.url()).origin, server.url);
      assert.equal(await isLoginOn(page), true);
      const sid = (await context.cookies(server.url)).find((cookie) => cookie.name === 'sso_sid');
      assert.ok(sid, 'first-party session cookie on the SSO origin');
      await assertNoViolations(page, 'the portal /home');

      // The same ticket again, in another browser (no brand page behind it, no proof): refused with
      // a Chinese page, no session. (Spent-once from its own page: finding-04 in the server suite.)
      const other = await browser.newContext();
      try {
        const replay = await other.newPage();
        const answer = await replay.goto(redeemUrl);
        assert.equal(answer?.status(), 400);
        await replay.getByText('登录凭证无效，请返回登录页重新登录').waitFor();
        assert.equal((await other.cookies(server.url)).some((cookie) => cookie.name === 'sso_sid'), false);
      } finally {
        await other.close();
      }
    });
  });

  it('the brand page itself: its strict CSP reports nothing, the inputs are light DOM, the session cookie never was third-party', async () => {
    await runJourney(browser, 'embed-brand-page', async (journey) => {
      const { page, context } = journey;
      await countViolations(context);
      // Third-party cookies really are blocked: a SameSite=None cookie of the SSO origin is not sent from the brand page.
      await context.addCookies([{ name: 'probe', value: '1', url: server.url, sameSite: 'None', secure: true }]);
      await page.goto(`${brand.origin}/`);
      await page.locator('sso-login [part="base"][data-brand="exeed"]').waitFor();
      // EXEED configures Feishu, but its redirect_uri returns to the SSO portal, where this page's
      // QR state could not be checked: the brand page offers no QR code (once the group has loaded).
      await page.locator('sso-login [part="base"][data-group-loaded="true"]').waitFor();
      assert.equal(await loginBox(page).locator('[part="toggle"]').count(), 0, 'QR toggle on a brand page whose messengers return elsewhere');
      const sent = page.waitForRequest((request) => request.url() === `${server.url}/api/centerAuth/sso/isLogin`);
      const fromBrand = await page.evaluate(async (sso) => (await (await fetch(`${sso}/api/centerAuth/sso/isLogin`, { credentials: 'include' })).json()).data, server.url);
      assert.equal(fromBrand, false);
      assert.equal((await (await sent).allHeaders()).cookie, undefined, 'a third-party cookie was sent: start Chromium with them blocked');

      const inputs = await page.evaluate(() => Array.from(document.querySelectorAll('sso-login > input')).map((input) => {
        const field = input as HTMLInputElement;
        return { name: field.name, autocomplete: field.autocomplete, type: field.type };
      }));
      assert.deepEqual(inputs, [
        { name: 'name', autocomplete: 'username webauthn', type: 'text' },
        { name: 'pwd', autocomplete: 'current-password', type: 'password' },
      ]);
      // A manager that sets values without input events: those values are the ones submitted.
      await page.evaluate(({ name, password }) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(document.querySelector('sso-login > input[name="name"]'), name);
        setValue.call(document.querySelector('sso-login > input[name="pwd"]'), password);
      }, { name: DEMO.zhangwei.name, password: DEMO.zhangwei.password });
      await assertNoViolations(page, 'the brand page');
      // The brand page holds the navigation (a cancelable sso-login-success) to look at the answer.
      const success = page.evaluate(() => new Promise<{ username: string; redirect: string }>((resolve) => {
        document.addEventListener('sso-login-success', (event) => {
          event.preventDefault();
          resolve((event as CustomEvent<{ username: string; redirect: string }>).detail);
        }, { once: true });
      }));
      await loginBox(page).getByRole('button', { name: '登录', exact: true }).click();
      const detail = await success;
      assert.equal(detail.username, DEMO.zhangwei.name);
      assert.ok(detail.redirect.startsWith(`${server.url}/api/centerAuth/sso/ticket/redeem?ticket=`), detail.redirect);
      assert.equal((await context.cookies(server.url)).some((cookie) => cookie.name === 'sso_sid'), false, 'no session before the redeem');
      // Navigate as the element would (from the brand page, so the browser sends its Referer):
      // the redeem refuses a navigation without one (login CSRF through a no-referrer page).
      await page.evaluate((url) => window.location.assign(url), detail.redirect);
      await waitForHome(page, DEMO.zhangwei.name);
    });
  });

  it('goes back to the brand site when the element names a registered callBack; a second copy of the script does no harm', async () => {
    await runJourney(browser, 'embed-callback', async (journey) => {
      const { page, context } = journey;
      await countViolations(context);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      await page.goto(`${brand.origin}/twice`);
      await page.locator('sso-login [part="base"][data-brand="exeed"]').waitFor();
      assert.equal(await page.locator('sso-login').count(), 1);
      assert.equal(await page.locator('sso-login > input').count(), 2);
      await assertNoViolations(page, 'the brand page with the script twice');
      assert.deepEqual(errors, []);

      // The callBack page is a brand page: it is bound to the ticket at sign-in.
      await signInOnBrandPage(journey, `${brand.origin}/back`);
      await page.waitForURL(`${brand.origin}/welcome`);
      await page.getByText('欢迎回来').waitFor();
      const sso = await browser.newPage({ storageState: await context.storageState() });
      try {
        await sso.goto(`${server.url}/`);
        assert.equal(await isLoginOn(sso), true);
      } finally {
        await sso.close();
      }
    });
  });

  it('works with the ES module build too (its chunks load across origins, under the brand CSP)', async () => {
    await runJourney(browser, 'embed-module-build', async (journey) => {
      const { page, context } = journey;
      await countViolations(context);
      const chunks: string[] = [];
      const chunkNames: string[] = [];
      page.on('response', (response) => {
        if (!response.url().includes('/widget/chunks/')) return;
        chunks.push(`${response.status()} ${response.headers()['access-control-allow-origin']}`);
        chunkNames.push(new URL(response.url()).pathname.replace(/^.*\/chunks\//, '').replace(/-[\w-]{8}\.js$/, ''));
      });
      // The views after the first paint come in their own chunk: the register form shows from it,
      // and going back the password form is there again; no CSP violation on the way.
      await page.goto(`${brand.origin}/module`);
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      await loginBox(page).getByRole('button', { name: '注册账号', exact: true }).click();
      await loginBox(page).locator('form[name="sso-register"]').waitFor();
      await loginBox(page).getByRole('button', { name: '返回密码登录', exact: true }).click();
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      await assertNoViolations(page, 'the brand page with the ES module build');
      assert.ok(chunkNames.includes('after-paint-views'), chunkNames.join(', '));
      const redeemUrl = await signInOnBrandPage(journey, `${brand.origin}/module`);
      assert.ok(redeemUrl.startsWith(`${server.url}/api/centerAuth/sso/ticket/redeem?ticket=`), redeemUrl);
      assert.ok(chunks.length > 0 && chunks.every((line) => line === '200 *'), chunks.join(', '));
      // The password was encrypted with sm-crypto from its chunk (fetched at the first focus).
      assert.ok(chunkNames.includes('sm-crypto'), chunkNames.join(', '));
      await waitForHome(page, DEMO.zhangwei.name);
    });
  });

  it('without api-base, calls the API of the server the script came from', async () => {
    await runJourney(browser, 'embed-default-api-base', async (journey) => {
      const { page } = journey;
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/')) calls.push(new URL(request.url()).origin);
      });
      await signInOnBrandPage(journey, `${brand.origin}/auto`);
      await waitForHome(page, DEMO.zhangwei.name);
      assert.ok(calls.length > 2);
      assert.deepEqual([...new Set(calls)], [server.url]);
    });
  });

  it('refuses an origin that no client group registered (CORS), so the element cannot sign in there', async () => {
    await runJourney(browser, 'embed-unregistered', async (journey) => {
      const { page } = journey;
      await page.goto(`${stranger.origin}/`);
      // No named inner functions in the page script: tsx's keepNames would reference a missing __name.
      const outcome = await page.evaluate((sso) => Promise.all([{}, { method: 'POST', headers: { 'X-XSRF-TOKEN': 'x' } }].map((init) =>
        fetch(`${sso}/api/centerAuth/sso/isLogin`, { credentials: 'include', ...init }).then(() => 'answered', (error: Error) => error.name))), server.url);
      assert.deepEqual(outcome, ['TypeError', 'TypeError']);
      // The element on that page cannot sign anyone in: the browser withholds every answer.
      await page.locator('sso-login [part="base"][data-group-loaded="true"]').waitFor();
      await credentialInput(page, '用户名').fill(DEMO.zhangwei.name);
      await credentialInput(page, '密码').fill(DEMO.zhangwei.password);
      await loginBox(page).getByRole('button', { name: '登录', exact: true }).click();
      // Said once, in the form (the public-key call is quiet: no toast repeating it).
      await loginBox(page).locator('[part="form-error"]', { hasText: '网络连接失败，请检查网络后重试' }).waitFor();
      assert.equal(await toast(page, 'error', '网络连接失败，请检查网络后重试').count(), 0);
      await journey.shot('refused');
      assert.equal(new URL(page.url()).origin, stranger.origin);
    });
  });

  it('refuses a ticket used after its lifetime', async () => {
    await runJourney(browser, 'embed-ticket-expiry', async (journey) => {
      const { page, context } = journey;
      // The brand page holds the navigation; the server's clock then passes the ticket's lifetime.
      await context.addInitScript(() => document.addEventListener('sso-login-success', (event) => event.preventDefault()));
      const redeemUrl = await signInOnBrandPage(journey, `${brand.origin}/`);
      await server.advanceClock();
      const late = await page.goto(redeemUrl);
      assert.equal(late?.status(), 410);
      await page.getByText('登录凭证已过期，请返回登录页重新登录').waitFor();
      await journey.shot('ticket-expired');
      assert.equal((await context.cookies(server.url)).some((cookie) => cookie.name === 'sso_sid'), false);
    });
  });

  it('the portal and the demo run under the server\'s strict CSP without a violation', async () => {
    await runJourney(browser, 'strict-csp-pages', async (journey) => {
      const { page, context } = journey;
      await countViolations(context);
      const portal = await page.goto(`${server.url}/`);
      const policy = portal?.headers()['content-security-policy'] ?? '';
      assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
      assert.match(policy, /script-src 'self'/);
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      await assertNoViolations(page, 'the portal login page');
      // A reload revalidates the cached page (304): it must keep its policy and still run.
      await page.reload();
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      await assertNoViolations(page, 'the portal login page after a reload');
      await page.goto(`${server.url}/demo/`);
      await page.locator('sso-login').first().waitFor();
      await assertNoViolations(page, 'the demo page');
    });
  });
});

// The Descope page of the peer bench renders its sign-in flow's first screen from the bench
// server alone: every request the page makes is answered (no 404, no failed request, nothing sent
// to Descope's hosts), and the screen shows an email-or-username field, a password field that
// takes typing, and a button. Without the fixtures (or with a wrong shape) the component logs an
// error and never shows the password field.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.mjs';
import { READINESS_PROBE } from '../../bench/peers/readiness-probe.ts';
import { startPeerServer, type PeerServer } from '../../bench/peers/peer-server.ts';
import { DESCOPE_UI_VERSION, VendorFiles } from '../../bench/peers/vendor-files.ts';
import { fixtureFor } from '../../bench/peers/fixture-routes.ts';

declare global {
  interface Window {
    __passwordReadyAt?: number;
  }
}

let peers: PeerServer;
let browser: Browser;

before(async () => {
  // No app server behind it: the Descope page must not need one.
  peers = await startPeerServer('http://127.0.0.1:9', await VendorFiles.create());
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
});

after(async () => {
  await browser?.close();
  await peers?.close();
});

test("the project's config names the installed @descope/web-components-ui version", () => {
  const config = JSON.parse(fixtureFor('GET', '/pages/P2x/v2-beta/config.json', 'http://x')!.body) as { componentsVersion: string };
  assert.equal(config.componentsVersion, DESCOPE_UI_VERSION);
});

test('the first screen renders from the bench server alone, with no failed request', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    const failures: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.url()}: HTTP ${response.status()}`);
    });
    page.on('console', (message) => {
      // The browser's own favicon request is no part of the page (every page here has none).
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`${message.text()} (${message.location().url})`);
    });
    await page.addInitScript({ content: READINESS_PROBE });
    await page.goto(peers.pageUrl('descope'));
    await page.waitForFunction(() => window.__passwordReadyAt !== undefined, undefined, { polling: 'raf', timeout: 60_000 });
    const password = page.locator('input[data-bench-ready]');
    await password.pressSequentially('a');
    assert.equal(await password.inputValue(), 'a');
    // Playwright's locators pierce open shadow roots.
    const flow = page.locator('descope-wc');
    await flow.locator('descope-text-field[name="externalId"] input').waitFor();
    assert.equal(await flow.locator('descope-button#signIn').textContent(), 'Sign in');
    if (process.env.BENCH_LOG_REQUESTS) console.log(requests.join('\n'));
    assert.deepEqual(failures, []);
    assert.deepEqual([...peers.unanswered], []);
    assert.deepEqual(errors, []);
    const origin = new URL(peers.pageUrl('descope')).origin;
    assert.deepEqual(requests.filter((r) => !r.split(' ')[1]!.startsWith(origin)), []);
    for (const path of ['/v2-beta/config.json', '/v2-beta/theme.json', '/v2-beta/SC2benchSignInPassword0000001.html', `/npm/@descope/web-components-ui@${DESCOPE_UI_VERSION}/dist/umd/index.js`]) {
      assert.ok(requests.some((r) => r.includes(path)), `the page fetched ${path}`);
    }
  } finally {
    await context.close();
  }
});

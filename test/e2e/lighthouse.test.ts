// Lighthouse (the `lighthouse` package, pinned at 12.8.2: 13.x needs Node 22) against the built
// portal served by the real server process, in Debian's Chromium launched by chrome-launcher:
// the login page `/`, the application centre `/home` signed in as zhangwei, and the demo page
// `/demo/` each score at least 0.95 in accessibility, best practices and SEO. A failure names the
// audits that lost points. Performance is left to the bench (bench/lighthouse-bench.ts): on two
// shared cores its score moves by tens of points from run to run.
// One Chromium for the file and the pages one after another, so the whole file stays under 90 s.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { signIn } from '../../bench/login-client.ts';
import { CHROMIUM_PATH } from '../helpers/chromium.mjs';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { LIGHTHOUSE_CHROME_FLAGS, runLighthouse } from '../helpers/lighthouse.ts';

const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
const MIN_SCORE = 0.95;

/**
 * The session cookies go into the browser's own jar (over CDP), not into an extra Cookie header:
 * the page's first API answer sets a fresh XSRF cookie, and from then on Chromium sends its jar,
 * which would leave the session out.
 */
async function putCookiesInBrowser(port: number, url: string, cookieHeader: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
    await browser.contexts()[0]!.addCookies(cookies);
  } finally {
    await browser.close(); // a CDP connection: this disconnects and leaves Chromium running
  }
}

describe('Lighthouse: accessibility, best practices and SEO', { timeout: 120_000 }, () => {
  let server: PortalServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let sessionCookie = '';

  before(async () => {
    const [started, launched] = await Promise.allSettled([
      startPortalServer(),
      chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS] }),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') chrome = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    // A real sign-in through the API (the widget's own steps, bench/login-client.ts).
    sessionCookie = (await signIn(server!.url)).sessionCookie;
  });
  after(async () => {
    chrome?.kill();
    await server?.stop();
  });

  const pages = [
    { path: '/', signedIn: false },
    { path: '/home', signedIn: true },
    { path: '/demo/', signedIn: false },
  ];
  for (const page of pages) {
    it(`${page.path}${page.signedIn ? ' (zhangwei signed in)' : ''} scores >= ${MIN_SCORE} in ${CATEGORIES.join(', ')}`, async () => {
      const url = server!.url + page.path;
      if (page.signedIn) await putCookiesInBrowser(chrome!.port, url, sessionCookie);
      // Lighthouse clears the origin's storage, cookies included, before a run unless told not to.
      const result = await runLighthouse(url, chrome!.port, [...CATEGORIES], { keepStorage: page.signedIn });
      // A signed-in /home must not have been bounced to the login page.
      assert.equal(new URL(result.finalUrl).pathname, page.path, `Lighthouse ended at ${result.finalUrl}`);
      const low = result.categories.filter((category) => category.score < MIN_SCORE);
      assert.deepEqual(
        low.map((category) => category.id),
        [],
        low.map((category) => `${page.path} ${category.id} ${category.score}: ${category.failing.join('; ')}`).join('\n'),
      );
    });
  }
});

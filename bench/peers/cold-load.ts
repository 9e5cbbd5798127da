// One cold load of one page in a fresh browser context (empty cache, no cookies), optionally at a
// CPU throttle, timed by the readiness probe and then verified by a real key press (or, for
// <app-center>, a real click on the first card). Returns what the page had fetched and how long
// its main thread was blocked in long tasks up to the moment it became interactive.
import type { Browser, BrowserContext } from 'playwright-core';
import { READINESS_PROBE, fetchedBefore } from './readiness-probe.ts';

export interface LoadTarget {
  name: string;
  url: string;
  /** 'password': time to an interactive password input; 'card': time to the first clickable app card. */
  waitFor: 'password' | 'card';
  /** Cookies (a signed-in session for <app-center>). */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
}

export interface LoadFigures {
  /** ms from navigation start to the interactive input (or clickable card). */
  readyMs: number;
  /** Bytes as they travelled (compressed bodies) of everything that had arrived by then. */
  bytesBeforeReady: number;
  requestsBeforeReady: number;
  /** Sum of the long tasks (> 50 ms) that ran on the main thread up to then, ms. */
  longTaskMs: number;
}

declare global {
  interface Window {
    __passwordReadyAt?: number;
    __cardReadyAt?: number;
    __watchCards?: boolean;
    __longTasks?: Array<[number, number]>;
    __openedApp?: string;
  }
}

// <app-center> asks the page before opening an app (a cancelable event): the bench notes the
// click and keeps the page where it is.
const CARD_WATCH = `window.__watchCards = true;
document.addEventListener('app-center-open', (event) => { window.__openedApp = event.detail && event.detail.name; event.preventDefault(); });`;

export async function coldLoad(browser: Browser, target: LoadTarget, cpuThrottle: number, timeoutMs: number): Promise<LoadFigures> {
  const context = await browser.newContext();
  try {
    if (target.cookies) await context.addCookies(target.cookies);
    const page = await context.newPage();
    if (cpuThrottle !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    }
    if (target.waitFor === 'card') await page.addInitScript({ content: CARD_WATCH });
    await page.addInitScript({ content: READINESS_PROBE });
    // Every response's body as it travelled (compressed), by url: the page itself cannot see the
    // size of a cross-origin one (a brand page loading our script from the SSO origin).
    const bodyBytes = new Map<string, Promise<number>>();
    page.on('requestfinished', (request) => {
      bodyBytes.set(request.url(), request.sizes().then((s) => s.responseBodySize, () => 0));
    });
    await page.goto(target.url, { waitUntil: 'commit', timeout: timeoutMs });
    if (target.waitFor === 'password') {
      await page.waitForFunction(() => window.__passwordReadyAt !== undefined, undefined, { polling: 'raf', timeout: timeoutMs });
      // Then it must really take a click and a key press: the character shows up in its value.
      const input = page.locator('input[data-bench-ready]').first();
      await input.click({ timeout: timeoutMs });
      await page.keyboard.press('a');
      if (!(await input.inputValue()).includes('a')) throw new Error('a click and a key press did not land in the password input');
    } else {
      await page.waitForFunction(() => window.__cardReadyAt !== undefined, undefined, { polling: 'raf', timeout: timeoutMs });
      await page.locator('button[data-bench-ready]').first().click({ timeout: timeoutMs });
      await page.waitForFunction(() => window.__openedApp !== undefined, undefined, { timeout: timeoutMs });
    }
    const readyMs = await page.evaluate((card) => (card ? window.__cardReadyAt! : window.__passwordReadyAt!), target.waitFor === 'card');
    const fetched = await page.evaluate(fetchedBefore, readyMs);
    let bytes = 0;
    for (const url of fetched.urls) bytes += (await bodyBytes.get(url)) ?? 0;
    const longTaskMs = await page.evaluate(
      (until) => (window.__longTasks ?? []).reduce((sum, [start, duration]) => sum + Math.max(0, Math.min(start + duration, until) - start), 0),
      readyMs,
    );
    return { readyMs, bytesBeforeReady: Math.max(bytes, fetched.bytes), requestsBeforeReady: fetched.requests, longTaskMs };
  } finally {
    await context.close();
  }
}

// Debian's Chromium driven by playwright-core: one browser per test file, a fresh context per
// journey, and a screenshot of every screen a journey passes through
// (test-results/e2e/<journey>/NN-<step>.png, gitignored).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/chromium.mjs';
import { REPO_ROOT } from '../../helpers/start-server.ts';

export const SCREENSHOT_ROOT = path.join(REPO_ROOT, 'test-results', 'e2e');

/** Waits (each locator action, waitFor, waitForURL) are generous: two shared cores run everything. */
const ACTION_TIMEOUT_MS = 20_000;

/** `extraArgs` go after the shared launch flags (test/helpers/chromium.mjs). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROME_PATH`);
  }
  // launch() gives every browser a fresh temporary user-data-dir of its own and removes it on close.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Saves the next NN-<step>.png of this journey (of `target`, default the journey's page). */
  shot(step: string, target?: Page): Promise<void>;
  /** Uncaught exceptions of the journey's pages so far (a healthy page throws none). */
  pageErrors: string[];
  close(): Promise<void>;
}

export interface JourneyOptions {
  viewport?: { width: number; height: number };
}

export async function startJourney(browser: Browser, name: string, options: JourneyOptions = {}): Promise<Journey> {
  const dir = path.join(SCREENSHOT_ROOT, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
  const pageErrors: string[] = [];
  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  context.on('page', watch);
  const page = await context.newPage();
  let count = 0;
  return {
    context,
    page,
    pageErrors,
    async shot(step, target = page) {
      count += 1;
      const file = `${String(count).padStart(2, '0')}-${step}.png`;
      // animations: 'disabled' finishes running animations and transitions (a toast sliding in)
      // first, so the picture shows what a person sees, with no fixed wait.
      await target.screenshot({ path: path.join(dir, file), animations: 'disabled' });
    },
    close: () => context.close(),
  };
}

/**
 * Runs one journey in a fresh context: on failure the screen at that moment is saved as
 * NN-FAILED.png; on success the journey's pages must not have thrown any uncaught exception.
 */
export async function runJourney(
  browser: Browser,
  name: string,
  body: (journey: Journey) => Promise<void>,
  options: JourneyOptions = {},
): Promise<void> {
  const journey = await startJourney(browser, name, options);
  try {
    await body(journey);
    assert.deepEqual(journey.pageErrors, [], 'uncaught exceptions in the page');
  } catch (error) {
    await journey.shot('FAILED').catch(() => undefined);
    throw error;
  } finally {
    await journey.close();
  }
}

// Debian's Chromium, launched the same way by everything here that drives a browser: the e2e
// journeys (test/e2e/support/browser.ts), the widget tests (web-test-runner.config.mjs) and the
// page-load bench (bench/page-load-bench.ts). Plain ESM so the test-runner config reads it as it
// is; the TypeScript callers get its types from chromium.d.mts. Never a downloaded browser.

/** Where Chromium is: CHROME_PATH, else Debian's package (apt-get install -y chromium). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Headless, no sandbox (containers), and nothing that reaches for the network or a GPU on its own. */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

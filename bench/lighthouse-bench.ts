// Lighthouse performance of the three pages the e2e check audits (test/e2e/lighthouse.test.ts does
// accessibility, best practices and SEO): `/`, `/home` signed in as zhangwei, `/demo/`. Here and not
// in a test because the score (Lighthouse's simulated slow phone, computed from the trace this run
// records) moves by tens of points on two shared cores; each page's row is the median of
// BENCH_LIGHTHOUSE_RUNS runs (default 3), with the single runs beside it. Against the process
// `npm start` runs (spawnServer in test/helpers/start-server.ts), in Debian's Chromium launched by chrome-launcher.
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../test/helpers/chromium.mjs';
import { LIGHTHOUSE_CHROME_FLAGS, runLighthouse } from '../test/helpers/lighthouse.ts';
import { spawnServer } from '../test/helpers/start-server.ts';
import { signIn } from './login-client.ts';
import { median } from './measure.ts';
import type { BenchRow } from './report.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
/** Issue 15: Lighthouse >= 95 in every category. */
const BUDGET = 0.95;

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/demo/', signedIn: false },
];

/** Puts the session cookies into the browser's jar over CDP (an extra Cookie header would be replaced by the jar). */
async function addCookies(port: number, url: string, cookieHeader: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]!.addCookies(
      cookieHeader.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url })),
    );
  } finally {
    await browser.close(); // disconnects; Chromium keeps running
  }
}

export async function benchLighthouse(): Promise<BenchRow[]> {
  const main = await spawnServer({ SSO_LOG_LEVEL: 'warn' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS] });
    const { sessionCookie } = await signIn(main.url);
    const rows: BenchRow[] = [];
    for (const page of PAGES) {
      const url = main.url + page.path;
      const scores: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Lighthouse clears the origin's cookies before each run unless told to keep them.
        if (page.signedIn) await addCookies(chrome.port, url, sessionCookie);
        const result = await runLighthouse(url, chrome.port, ['performance'], { keepStorage: page.signedIn });
        if (new URL(result.finalUrl).pathname !== page.path) throw new Error(`Lighthouse ended at ${result.finalUrl}, not ${page.path}`);
        scores.push(result.categories[0]!.score);
      }
      const score = median(scores);
      rows.push({
        section: 'lighthouse',
        name: `performance ${page.path}${page.signedIn ? ' (signed in)' : ''}, median of ${RUNS}`,
        value: `${Math.round(score * 100)} (${scores.map((s) => Math.round(s * 100)).join(', ')})`,
        budget: `>= ${BUDGET * 100}`,
        pass: score >= BUDGET,
        data: { path: page.path, scores, median: score },
      });
    }
    return rows;
  } finally {
    chrome?.kill();
    await main.stop();
  }
}

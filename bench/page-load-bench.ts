// Page load in headless Chromium on localhost: from navigation start to the moment the password
// input accepts typing (a real key press lands in it), for the portal and for a plain page that
// embeds the widget. Each load runs in a fresh browser context (cold cache, no cookies).
import { chromium, type Browser } from 'playwright-core';
import { startChildServer, type ChildServer } from './child-server.ts';
import { startEmbedProxy, type EmbedProxy } from './embed-proxy.ts';
import { median } from './measure.ts';
import { fmtMs, type BenchRow } from './report.ts';

const LOADS = Number(process.env.BENCH_PAGE_LOADS || 10);
const BUDGET_MS = 300;

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

declare global {
  interface Window {
    __passwordTypedAt?: number;
  }
}

/** One cold load; returns ms from navigation start to the first character landing in the input. */
async function timeOneLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Input events are composed: they reach the document from inside the shadow root, and
      // composedPath()[0] is the input itself. timeStamp counts from navigation start.
      document.addEventListener('input', (event) => {
        const target = event.composedPath()[0];
        if (target instanceof HTMLInputElement && target.type === 'password') window.__passwordTypedAt ??= event.timeStamp;
      }, true);
    });
    await page.goto(url, { waitUntil: 'commit' });
    const password = page.locator('input[type="password"]').first();
    await password.pressSequentially('a', { timeout: 15_000 });
    const typedAt = await page.evaluate(() => window.__passwordTypedAt);
    const value = await password.inputValue();
    if (typedAt === undefined || value !== 'a') throw new Error(`${url}: typing did not land in the password input`);
    return typedAt;
  } finally {
    await context.close();
  }
}

function row(name: string, times: number[]): BenchRow {
  const mid = median(times);
  const sorted = [...times].sort((a, b) => a - b);
  return {
    section: 'page',
    name: `${name}: navigation -> password input accepts typing (${times.length} loads)`,
    value: `median ${fmtMs(mid)} (min ${fmtMs(sorted[0]!)}, max ${fmtMs(sorted[sorted.length - 1]!)})`,
    budget: `<= ${BUDGET_MS} ms median`,
    pass: mid <= BUDGET_MS,
    data: { medianMs: mid, timesMs: times },
  };
}

export async function benchPageLoad(): Promise<BenchRow[]> {
  let app: ChildServer | null = null;
  let proxy: EmbedProxy | null = null;
  let browser: Browser | null = null;
  try {
    app = await startChildServer('app');
    proxy = await startEmbedProxy(app.url);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const targets = [
      { name: 'portal /', url: `${app.url}/` },
      { name: 'static page embedding the widget', url: proxy.pageUrl },
    ];
    const rows: BenchRow[] = [];
    for (const target of targets) {
      await timeOneLoad(browser, target.url); // warm-up: server JIT and OS file cache, not counted
      const times: number[] = [];
      for (let i = 0; i < LOADS; i++) times.push(await timeOneLoad(browser, target.url));
      rows.push(row(target.name, times));
    }
    return rows;
  } finally {
    await browser?.close();
    await proxy?.close();
    await app?.stop();
  }
}

// npm run screenshots: every brand x view x width (320, 768, 1280) of the portal, photographed in
// Debian's Chromium against a real server with the demo data, gathered on one contact-sheet page
// (test-results/screenshots/index.html, git-ignored) for people to look at. Not a test: nothing is
// compared, a view that cannot be reached is marked on the sheet and the run goes on.
//
//   npm run screenshots                                   all of them (a few minutes)
//   npm run screenshots -- --brands=exeed,icar --views=login,home --widths=320
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../test/e2e/support/browser.ts';
import { startPortalServer, type PortalServer } from '../test/e2e/support/portal-server.ts';
import { REPO_ROOT } from '../test/helpers/start-server.ts';
import { buildContactSheet, type Shot } from './screenshots/contact-sheet.ts';
import { BRAND_HOSTS, VIEWS, WIDTHS, type View } from './screenshots/views.ts';

const OUTPUT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');
const HEIGHT = 900;
const STEP_TIMEOUT_MS = 15_000;

function option(name: string): string[] | null {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3).split(',').filter(Boolean) : null;
}

function chosen<T>(all: readonly T[], key: (item: T) => string, names: string[] | null): T[] {
  if (!names) return [...all];
  const unknown = names.filter((name) => !all.some((item) => key(item) === name));
  if (unknown.length > 0) throw new Error(`unknown: ${unknown.join(', ')} (known: ${all.map(key).join(', ')})`);
  return all.filter((item) => names.includes(key(item)));
}

async function photograph(browser: Browser, server: PortalServer, host: string, view: View, width: number, file: string): Promise<'shot' | 'not-offered'> {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page: Page = await context.newPage();
    const reached = await view.reach(page, server.hostUrl(host));
    if (!reached) return 'not-offered';
    // Let transitions, fonts and pictures settle, so the picture is what a person sees.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(300);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    return 'shot';
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const brands = chosen(BRAND_HOSTS, (brand) => brand.brand, option('brands'));
  const views = chosen(VIEWS, (view) => view.id, option('views'));
  const widths = chosen(WIDTHS, String, option('widths'));

  fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  // Many sign-ins in a minute from one address: above the sensitive routes' limit of a real server.
  const server = await startPortalServer({ SSO_SENSITIVE_PER_MINUTE: '10000' });
  const browser = await launchBrowser();
  const shots: Shot[] = [];
  try {
    for (const brand of brands) {
      for (const view of views) {
        if (view.onlyOnce && brand !== brands[0]) continue;
        for (const width of widths) {
          const name = `${brand.brand}-${view.id}-${width}.png`;
          const shot: Shot = { brand: brand.brand, host: brand.host, view: view.id, viewLabel: view.label, width, file: name, outcome: 'shot' };
          try {
            shot.outcome = await photograph(browser, server, brand.host, view, width, path.join(OUTPUT_DIR, name));
          } catch (error) {
            shot.outcome = 'failed';
            shot.problem = error instanceof Error ? error.message.split('\n')[0] : String(error);
          }
          shots.push(shot);
          process.stdout.write(`${shot.outcome.padEnd(11)} ${name}${shot.problem ? `  ${shot.problem}` : ''}\n`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const sheet = path.join(OUTPUT_DIR, 'index.html');
  fs.writeFileSync(sheet, buildContactSheet(shots, new Date()));
  const failed = shots.filter((shot) => shot.outcome === 'failed').length;
  process.stdout.write(`\n${shots.filter((shot) => shot.outcome === 'shot').length} screenshots, ${failed} failed: ${path.relative(process.cwd(), sheet)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

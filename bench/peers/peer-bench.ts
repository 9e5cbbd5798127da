// npm run bench -- peers: our <sso-login> (portal and a brand page) and the peer widgets, cold
// loads interleaved in one run (round after round, every page once per round), at 1x and at 4x
// CPU throttle, plus <app-center> signed in. A page that does not render is named and dropped;
// it never gets a figure.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/helpers/chromium.mjs';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { signIn } from '../login-client.ts';
import { median } from '../measure.ts';
import { coldLoad, type LoadFigures, type LoadTarget } from './cold-load.ts';
import { adminCli } from '../../test/helpers/admin-cli.ts';
import { PEER_PAGES, type PageKind } from './peer-pages.ts';
import { startPeerServer, type PeerServer } from './peer-server.ts';
import { VendorFiles } from './vendor-files.ts';

/** The demo client group whose brand page the doc's example is (sso-domain: BRAND_SSO_DOMAIN). */
const BRAND_GROUP = 'exeed';
export const PEER_LOADS = Number(process.env.BENCH_PEER_LOADS || 15);
export const THROTTLES = [1, 4] as const;
// Generous: these machines are shared, and a slow moment must not pass for a widget that does not render.
const TIMEOUT_MS = { 1: 30_000, 4: 90_000 } as const;

export const OURS_PORTAL = 'ours: <sso-login> on the portal /';
export const OURS_BRAND = PEER_PAGES.find((p) => p.id === 'sso-login')!.name;
export const FLOOR = PEER_PAGES.find((p) => p.kind === 'floor')!.name;
export const APP_CENTER = 'ours: <app-center> signed in (/home), first clickable app card';

export interface TargetResult {
  name: string;
  /** Ours, a peer widget, or the no-script floor. */
  kind: PageKind;
  packageName: string | null;
  /** Why it was dropped, when it did not render. */
  failed: string | null;
  /** Loads per throttle rate. */
  loads: Record<number, LoadFigures[]>;
}

export interface PeerRun {
  results: TargetResult[];
  loadsPerTarget: number;
  unansweredRequests: string[];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Summary {
  medianMs: number;
  p90Ms: number;
  medianBytes: number;
  medianLongTaskMs: number;
  count: number;
}

export function summarise(loads: LoadFigures[]): Summary {
  return {
    medianMs: median(loads.map((l) => l.readyMs)),
    p90Ms: percentile(loads.map((l) => l.readyMs), 90),
    medianBytes: median(loads.map((l) => l.bytesBeforeReady)),
    medianLongTaskMs: median(loads.map((l) => l.longTaskMs)),
    count: loads.length,
  };
}

const packageVersion = async (name: string): Promise<string> => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  return (require(`${name}/package.json`) as { version: string }).version;
};

export async function runPeerBench(log: (line: string) => void = console.log): Promise<PeerRun> {
  let app: ChildServer | null = null;
  let peers: PeerServer | null = null;
  let browser: Browser | null = null;
  try {
    app = await startChildServer('app');
    const vendor = await VendorFiles.create();
    vendor.warm(PEER_PAGES.flatMap((p) => p.assets));
    peers = await startPeerServer(app.url, vendor);
    // The brand page is on the bench server's origin and talks to ours across origins: its origin
    // is registered for the demo group with the admin CLI, as docs/embedding.md step 1 says.
    await adminCli({ dataDir: app.dataDir! }, ['allow-origin', BRAND_GROUP, peers.origin]);
    const session = await signIn(app.url);
    const appOrigin = new URL(app.url);
    const cookies = session.sessionCookie.split('; ').map((pair) => {
      const [name, value] = pair.split('=') as [string, string];
      return { name, value, domain: appOrigin.hostname, path: '/' };
    });
    const targets: Array<LoadTarget & { kind: PageKind; packageName: string | null }> = [
      { name: OURS_PORTAL, kind: 'ours', url: `${app.url}/`, waitFor: 'password', packageName: null },
      ...PEER_PAGES.map((p) => ({ name: p.name, kind: p.kind, url: peers!.pageUrl(p.id), waitFor: 'password' as const, packageName: p.packageName })),
      { name: APP_CENTER, kind: 'ours' as const, url: `${app.url}/home`, waitFor: 'card' as const, cookies, packageName: null },
    ];
    const results: TargetResult[] = [];
    for (const t of targets) {
      const label = t.packageName ? `${t.name} (${t.packageName} ${await packageVersion(t.packageName)})` : t.name;
      results.push({ name: label, kind: t.kind, packageName: t.packageName, failed: null, loads: { 1: [], 4: [] } });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
    const attempt = async (index: number, throttle: number, counted: boolean): Promise<void> => {
      const result = results[index]!;
      if (result.failed) return;
      try {
        const figures = await coldLoad(browser!, targets[index]!, throttle, TIMEOUT_MS[throttle as 1 | 4]);
        if (counted) result.loads[throttle]!.push(figures);
      } catch (error) {
        result.failed = `did not render at ${throttle}x: ${String((error as Error).message ?? error).split('\n')[0]}`;
        log(`  ${result.name}: ${result.failed} (dropped from the run)`);
      }
    };
    // Warm-up, not counted: the servers' first answers (JIT, the vendor files' compression) and
    // the OS file cache. Every browser-side cache starts empty again with each new context.
    for (let i = 0; i < targets.length; i++) await attempt(i, 1, false);
    for (const throttle of THROTTLES) {
      log(`  ${PEER_LOADS} rounds at ${throttle}x CPU ...`);
      for (let round = 0; round < PEER_LOADS; round++) {
        for (let i = 0; i < targets.length; i++) await attempt(i, throttle, true);
      }
    }
    return { results, loadsPerTarget: PEER_LOADS, unansweredRequests: [...peers.unanswered] };
  } finally {
    await browser?.close();
    await peers?.close();
    await app?.stop();
  }
}

// npm run bench -- trace: one cold load of each of our pages under a Chromium trace, and where
// the time from navigation start to the interactive password input went on the renderer's main
// thread: script (compile, evaluation, callbacks), style and layout, paint, HTML parsing, garbage
// collection, other tasks, and the rest (the main thread idle: waiting for the network or a frame).
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/helpers/chromium.mjs';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { fmtMs, type BenchRow } from '../report.ts';
import { PEER_PAGES } from './peer-pages.ts';
import { startPeerServer, type PeerServer } from './peer-server.ts';
import { READINESS_PROBE } from './readiness-probe.ts';
import { VendorFiles } from './vendor-files.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string }; beginData?: { url?: string } };
}

const GROUPS: Record<string, string[]> = {
  'script compile': ['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.produceModuleCache', 'CacheScript'],
  'script run': ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'EventDispatch', 'v8.run', 'ResourceReceivedData'],
  'style + layout': ['UpdateLayoutTree', 'Layout', 'ParseAuthorStyleSheet', 'RecalculateStyles', 'InvalidateLayout'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'Commit', 'PaintImage'],
  'HTML parse': ['ParseHTML'],
  GC: ['MajorGC', 'MinorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase', 'V8.GC_MC_BACKGROUND_MARKING'],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([group, names]) => names.map((n) => [n, group] as const)));

export interface TraceSummary {
  readyMs: number;
  firstContentfulPaintMs: number | null;
  /** ms per group within [navigation start, ready], outermost events only (no double counting). */
  groups: Record<string, number>;
  /** Main-thread task time not in a group, and time with no task at all. */
  otherTasksMs: number;
  idleMs: number;
  /** Each response that finished before ready: url and its end, ms after navigation start. */
  responses: Array<{ url: string; endMs: number }>;
}

export function summariseTrace(events: TraceEvent[], readyMs: number, pageUrl: string): TraceSummary {
  // The page's renderer is the one that parsed its HTML (navigation may swap processes, and the
  // browser's own WebUI pages parse HTML too); its navigation start is the last one before that.
  const firstParse = events.filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === pageUrl).sort((a, b) => a.ts - b.ts)[0];
  if (!firstParse) throw new Error('the trace has no ParseHTML event');
  const renderer = firstParse.pid;
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && e.pid === renderer && e.ts <= firstParse.ts)
    .sort((a, b) => b.ts - a.ts)[0];
  if (!navigation) throw new Error('the trace has no navigationStart in the page\'s renderer');
  const mainThread = events.find((e) => e.pid === renderer && e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid ?? navigation.tid;
  const start = navigation.ts;
  const end = start + readyMs * 1000;
  const onMain = events
    .filter((e) => e.pid === renderer && e.tid === mainThread && e.ph === 'X' && e.dur !== undefined && e.ts < end && e.ts + e.dur! > start)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const clip = (e: TraceEvent): number => (Math.min(e.ts + e.dur!, end) - Math.max(e.ts, start)) / 1000;
  const groups: Record<string, number> = Object.fromEntries(Object.keys(GROUPS).map((g) => [g, 0]));
  let taskMs = 0;
  let taskEnd = 0;
  let groupedEnd = 0;
  for (const event of onMain) {
    if (event.name === 'RunTask' && event.ts >= taskEnd) {
      taskMs += clip(event);
      taskEnd = event.ts + event.dur!;
    }
    const group = GROUP_OF.get(event.name);
    if (group && event.ts >= groupedEnd) {
      groups[group]! += clip(event);
      groupedEnd = event.ts + event.dur!;
    }
  }
  const grouped = Object.values(groups).reduce((a, b) => a + b, 0);
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === renderer && e.ts >= start);
  const responses = events
    .filter((e) => e.name === 'ResourceFinish' && e.ts >= start && e.ts <= end)
    .map((e) => ({ requestId: (e.args?.data as { requestId?: string } | undefined)?.requestId, endMs: (e.ts - start) / 1000 }))
    .map((r) => ({
      url: events.find((e) => e.name === 'ResourceSendRequest' && (e.args?.data as { requestId?: string } | undefined)?.requestId === r.requestId)?.args?.data?.url ?? '',
      endMs: r.endMs,
    }))
    .filter((r) => r.url.startsWith(new URL(pageUrl).origin))
    .map((r) => ({ ...r, url: r.url.replace(/^https?:\/\/[^/]+/, '') }));
  return {
    readyMs,
    firstContentfulPaintMs: paint ? (paint.ts - start) / 1000 : null,
    groups,
    otherTasksMs: Math.max(0, taskMs - grouped),
    idleMs: Math.max(0, readyMs - taskMs),
    responses,
  };
}

async function traceOneLoad(browser: Browser, url: string): Promise<TraceSummary> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: READINESS_PROBE });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-v8.compile'],
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__passwordReadyAt !== undefined, undefined, { polling: 'raf', timeout: 20_000 });
    const readyMs = await page.evaluate(() => window.__passwordReadyAt!);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return summariseTrace(trace.traceEvents, readyMs, url);
  } finally {
    await context.close();
  }
}

export function describeTrace(t: TraceSummary): string {
  const parts = Object.entries(t.groups).filter(([, ms]) => ms >= 0.5).map(([group, ms]) => `${group} ${fmtMs(ms)}`);
  parts.push(`other tasks ${fmtMs(t.otherTasksMs)}`, `main thread idle ${fmtMs(t.idleMs)}`);
  const scripts = t.responses.filter((r) => /\.(js|css)(\?|$)|\/$|\.html/.test(r.url)).map((r) => `${r.url} ${Math.round(r.endMs)}`);
  return (
    `ready ${fmtMs(t.readyMs)}` + (t.firstContentfulPaintMs !== null ? `, first contentful paint ${fmtMs(t.firstContentfulPaintMs)}` : '') +
    `: ${parts.join(', ')}; responses done (ms): ${scripts.join(', ')}`
  );
}

export async function traceRows(): Promise<BenchRow[]> {
  let app: ChildServer | null = null;
  let peers: PeerServer | null = null;
  let browser: Browser | null = null;
  try {
    app = await startChildServer('app');
    peers = await startPeerServer(app.url, await VendorFiles.create());
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
    const pages = [
      { name: 'portal /', url: `${app.url}/` },
      { name: 'brand page', url: peers.pageUrl(PEER_PAGES[0]!.id) },
    ];
    const rows: BenchRow[] = [];
    for (const target of pages) {
      await traceOneLoad(browser, target.url); // warm-up
      const summary = await traceOneLoad(browser, target.url);
      rows.push({ section: 'trace', name: `${target.name}: one traced cold load`, value: describeTrace(summary), budget: '', pass: null, data: { ...summary } });
    }
    return rows;
  } finally {
    await browser?.close();
    await peers?.close();
    await app?.stop();
  }
}

// Runs in every measured page from its first script on (an init script), the same for our
// widget, for each peer and for the floor. Each animation frame it looks, through open shadow
// roots, for a password input as an outsider would call it usable: connected, enabled, not
// read-only, visible by checkVisibility with opacity and visibility (so a form drawn at opacity 0
// or visibility:hidden until a script takes it over does not count), with a box of at least
// 2 x 2 px. The time of the first frame in which one is (the callback's frame time) is the figure;
// cold-load.ts then clicks it and presses a key, and the character must show up in its value. It
// also collects the main thread's long tasks and, for <app-center>, the first app card that can be
// clicked. Plain source text, not a function, so that no transpiler helper leaks into the page
// (and it runs under our strict CSP: no eval).

export const READINESS_PROBE = `(() => {
  const visit = (root, selector, accept) => {
    for (const element of root.querySelectorAll(selector)) if (accept(element)) return element;
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        const found = visit(element.shadowRoot, selector, accept);
        if (found) return found;
      }
    }
    return null;
  };
  const usable = (element) => {
    if (!element.isConnected || element.disabled) return false;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width >= 2 && box.height >= 2;
  };
  const editable = (input) => usable(input) && !input.readOnly;
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const probe = () => {
    const now = performance.now();
    if (window.__passwordReadyAt === undefined) {
      const input = visit(document, 'input[type="password"]', editable);
      if (input) {
        input.setAttribute('data-bench-ready', '');
        window.__passwordReadyAt = now;
      }
    }
    if (window.__cardReadyAt === undefined && window.__watchCards) {
      const card = visit(document, 'button[part~="card"]', usable);
      if (card) {
        card.setAttribute('data-bench-ready', '');
        window.__cardReadyAt = now;
      }
    }
    if (window.__passwordReadyAt === undefined || (window.__watchCards && window.__cardReadyAt === undefined)) {
      requestAnimationFrame(probe);
    }
  };
  requestAnimationFrame(probe);
})();`;

/**
 * In-page: everything the page fetched that had finished arriving by \`until\` (ms since navigation
 * start): the urls, and their bytes as they travelled where the page may see them (same origin;
 * a cross-origin response without Timing-Allow-Origin reports 0, so cold-load.ts counts the bytes
 * from the browser's own record of each response instead).
 */
export function fetchedBefore(until: number): { urls: string[]; bytes: number; requests: number; pending: string[] } {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const entries = [...(nav ? [nav] : []), ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
  let bytes = 0;
  let requests = 0;
  const urls: string[] = [];
  const pending: string[] = [];
  for (const entry of entries) {
    if (entry.responseEnd > 0 && entry.responseEnd <= until) {
      bytes += entry.encodedBodySize;
      requests++;
      urls.push(entry.name);
    } else pending.push(entry.name);
  }
  return { urls, bytes, requests, pending };
}

// Runs in every measured page from its first script on (an init script), the same for our
// widget and for each peer. Each animation frame it looks, through open shadow roots, for a
// password input that is present, visible, enabled and editable, and notes when the first one is:
// the form is interactive from then on. It also collects the main thread's long tasks and, for
// <app-center>, the first app card that can be clicked. Plain source text, not a function, so that
// no transpiler helper leaks into the page (and it runs under our strict CSP: no eval).

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
  const usable = (element) => !element.disabled && element.getClientRects().length > 0 &&
    getComputedStyle(element).visibility !== 'hidden' && getComputedStyle(element).display !== 'none';
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

/** In-page: everything the page fetched that had finished arriving by \`until\` (ms since navigation start). */
export function fetchedBefore(until: number): { bytes: number; requests: number; pending: string[] } {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const entries = [...(nav ? [nav] : []), ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
  let bytes = 0;
  let requests = 0;
  const pending: string[] = [];
  for (const entry of entries) {
    if (entry.responseEnd > 0 && entry.responseEnd <= until) {
      // encodedBodySize: the body as it travelled (gzip/brotli); same-origin, so always reported.
      bytes += entry.encodedBodySize;
      requests++;
    } else pending.push(entry.name);
  }
  return { bytes, requests, pending };
}

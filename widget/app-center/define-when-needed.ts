// <app-center> is never on the login page, so its code (about a fifth of our own script) stays out
// of the script a login page waits for: it is fetched with import() and defines the element when it
// arrives. An <app-center> already in the page starts the fetch at once; one added later to the
// document starts it when it is added; failing both (an element inside another shadow root), it
// comes when the browser is idle. An element created before the definition is upgraded by the
// browser when it arrives (attributes set before then count); `customElements.whenDefined('app-center')`
// tells a page when that is.
const TAG = 'app-center';
const IDLE_TIMEOUT_MS = 1_000;

let loading: Promise<unknown> | null = null;

/** Fetches and defines <app-center> (once; again after a failed fetch). */
export function loadAppCenter(): Promise<unknown> {
  loading ??= import('./define.ts');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function containsAppCenter(nodes: NodeList): boolean {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    if (node.localName === TAG || node.querySelector(TAG)) return true;
  }
  return false;
}

function loadWhenNeeded(): void {
  if (customElements.get(TAG)) return;
  if (document.querySelector(TAG)) {
    void loadAppCenter().catch(() => undefined);
    return;
  }
  const observer = new MutationObserver((records) => {
    if (records.some((record) => containsAppCenter(record.addedNodes))) start();
  });
  const idle = typeof requestIdleCallback === 'function'
    ? requestIdleCallback(() => start(), { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(() => start(), IDLE_TIMEOUT_MS);
  function start() {
    observer.disconnect();
    if (typeof cancelIdleCallback === 'function' && typeof idle === 'number') cancelIdleCallback(idle);
    else clearTimeout(idle);
    void loadAppCenter().catch(() => undefined);
  }
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

loadWhenNeeded();

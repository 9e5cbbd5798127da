// The set-up most journey files share: one real portal server and one Chromium for the whole
// describe block, both stopped after it. Call it inside describe(); read `server` and `browser`
// inside tests (they exist once the before hook has run).
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import type { SpawnOptions } from '../../helpers/start-server.ts';
import { startPortalServer, type PortalServer } from './portal-server.ts';

export interface PortalAndBrowser {
  readonly server: PortalServer;
  readonly browser: Browser;
}

/**
 * `env` is passed to the server process (and `options`, e.g. a movable clock, to spawnServer); give a function when it depends on something an earlier
 * before hook starts (a fake upstream's URL).
 */
export function usePortalAndBrowser(env: Record<string, string> | (() => Record<string, string>) = {}, options: SpawnOptions = {}): PortalAndBrowser {
  let server: PortalServer | undefined;
  let browser: Browser | undefined;

  before(async () => {
    const [started, launched] = await Promise.allSettled([startPortalServer(typeof env === 'function' ? env() : env, options), launchBrowser()]);
    // Keep whichever came up, so the after hook stops it even when the other failed.
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      return server ?? assert.fail('the portal server is not running (its before hook failed or has not run)');
    },
    get browser() {
      return browser ?? assert.fail('Chromium is not running (its before hook failed or has not run)');
    },
  };
}

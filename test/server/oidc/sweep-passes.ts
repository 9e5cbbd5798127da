// The single-logout sweep of an in-process server (oidc-plugin.ts, every oidcLogoutSweepMs) as an
// event a test can wait for. A test that proves the sweep does NOT end something has no event of its
// own to wait for: it waits until the sweep has looked at everything once more instead, rather than
// sleeping for "surely a few sweeps".
//
// Each pass first reads the portal-session links, ends what is over (grants revoked before it goes
// on), and last reads the pending back-channel retries (retryDue): those two reads mark a pass's
// start and end. The storage object is the one the provider's plugin holds
// (ctx.storage.oidcRecords), watched by wrapping its list().
import { PORTAL_LINK_MODEL } from '../../../server/oidc/portal-link.ts';
import { RETRY_MODEL } from '../../../server/oidc/single-logout.ts';
import type { StartedServer } from '../../helpers/start-server.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

interface Passes {
  started: number;
  ended: number;
}

const watched = new WeakMap<object, Passes>();

function passesOf(server: StartedServer): Passes {
  const storage = server.ctx.storage.oidcRecords;
  const known = watched.get(storage);
  if (known) return known;
  // A pass already under way when the watch begins would end without having been counted as begun:
  // one is counted as begun here (a pass takes milliseconds of the interval, so at most one is).
  const passes: Passes = { started: 1, ended: 0 };
  const list = storage.list.bind(storage);
  storage.list = async (model) => {
    if (model === PORTAL_LINK_MODEL) passes.started++;
    const records = await list(model);
    if (model === RETRY_MODEL) passes.ended++;
    return records;
  };
  watched.set(storage, passes);
  return passes;
}

/**
 * Waits until a whole sweep pass has begun and ended after this call. Passes may overlap (a slow
 * one under load outlives the interval): of the passes begun so far at most `started` can end
 * without beginning after this call, so one more end than that proves a whole pass since.
 */
export async function untilSweptOnceMore(server: StartedServer): Promise<void> {
  const passes = passesOf(server);
  const enough = passes.started + 1;
  await waitUntil(() => passes.ended >= enough, {
    timeoutMs: 10_000,
    failure: () => `the single-logout sweep ended ${passes.ended} of the ${enough} passes waited for in 10 s (is oidcLogoutSweepMs short?)`,
  });
}

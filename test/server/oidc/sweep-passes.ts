// The single-logout sweep of an in-process server (oidc-plugin.ts, every oidcLogoutSweepMs) as an
// event a test can wait for. A test that proves the sweep does NOT end something has no event of its
// own to wait for: it waits until the sweep has looked at everything once more instead, rather than
// sleeping for "surely a few sweeps".
//
// Each pass reads the portal-session links, ends what is over (grants revoked before it goes on),
// and last reads the pending back-channel retries (retryDue): that last read marks a pass as done.
// The storage object is the one the provider's plugin holds (ctx.storage.oidcRecords), watched by
// wrapping its list().
import { RETRY_MODEL } from '../../../server/oidc/single-logout.ts';
import type { StartedServer } from '../../helpers/start-server.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

const passesDone = new WeakMap<object, { count: number }>();

function watch(server: StartedServer): { count: number } {
  const storage = server.ctx.storage.oidcRecords;
  let seen = passesDone.get(storage);
  if (!seen) {
    const counter = { count: 0 };
    const list = storage.list.bind(storage);
    storage.list = async (model) => {
      const records = await list(model);
      if (model === RETRY_MODEL) counter.count++;
      return records;
    };
    passesDone.set(storage, counter);
    seen = counter;
  }
  return seen;
}

/**
 * Waits until a whole sweep pass has begun and ended after this call: two more passes ended (the
 * first may have begun before), passes being far shorter than the sweep's interval here.
 */
export async function untilSweptOnceMore(server: StartedServer): Promise<void> {
  const counter = watch(server);
  const target = counter.count + 2;
  await waitUntil(() => counter.count >= target, {
    timeoutMs: 10_000,
    failure: () => `the single-logout sweep ended ${counter.count - target + 2} pass(es) in 10 s (is oidcLogoutSweepMs short?)`,
  });
}

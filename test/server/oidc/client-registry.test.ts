// The running server's copy of the registered clients (server/oidc/client-registry.ts) on the real
// client store of every storage mode: a client added by another process is found by the next
// request that names it, even when a reload that read the version before the change is still
// under way (the poll, or another request's look-up).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ClientStore, RegisteredClient } from '../../../server/oidc/client-store.ts';
import { ClientRegistry, type ClientSource } from '../../../server/oidc/client-registry.ts';
import { compose } from '../../../server/compose.ts';
import type { AppContext } from '../../../server/context.ts';
import { testBackends } from '../../helpers/test-app.ts';
import { testConfig } from '../../helpers/start-server.ts';

const client = (clientId: string): RegisteredClient => ({
  clientId, secretHash: null, redirectUris: ['http://127.0.0.1:9/callback'], postLogoutRedirectUris: [],
  backchannelLogoutUri: null, initiateLoginUri: null, name: null, groups: [], consent: false, scopes: ['openid'],
});

/** The real store, whose version() answers only when the test lets it. */
function heldStore(store: ClientStore) {
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  let reached: () => void = () => {};
  const wrapped: ClientSource = {
    list: () => store.list(),
    async version() {
      const version = await store.version();
      if (held) {
        reached();
        await held;
      }
      return version;
    },
  };
  return {
    store: wrapped,
    /** Holds the next version reads; resolves once one of them has read the version and waits. */
    hold(): Promise<void> {
      held = new Promise((resolve) => { release = resolve; });
      return new Promise((resolve) => { reached = resolve; });
    },
    release() {
      held = null;
      release();
    },
  };
}

for (const backend of testBackends()) describe(`the server's copy of the registered clients (${backend.name})`, () => {
  let ctx: AppContext;
  let cleanup: () => Promise<void>;
  before(async () => {
    const made = testConfig(backend.overrides);
    cleanup = made.cleanup;
    ctx = await compose(made.config);
  });
  after(async () => {
    await ctx.storage.close();
    await cleanup();
  });

  test('a client saved while a reload is under way is found by the next look-up', async () => {
    const held = heldStore(ctx.stores.oidcClients);
    const registry = new ClientRegistry(held.store);
    await registry.start();
    try {
      // A reload reads the version, then waits: the change lands after its read.
      const readTheVersion = held.hold();
      const stale = registry.check();
      await readTheVersion;
      await ctx.stores.oidcClients.save(client('added-meanwhile'), Date.now());
      const lookUp = registry.find('added-meanwhile');
      held.release();
      await stale;
      assert.equal((await lookUp)?.clientId, 'added-meanwhile');
    } finally {
      registry.stop();
    }
  });

  test('an id that is not registered stays unknown, and is looked up at most four times a second', async () => {
    let versionReads = 0;
    const store = ctx.stores.oidcClients;
    const counting: ClientSource = {
      list: () => store.list(),
      version: () => { versionReads += 1; return store.version(); },
    };
    const registry = new ClientRegistry(counting);
    await registry.start();
    try {
      const before = versionReads;
      const answers = await Promise.all(Array.from({ length: 20 }, () => registry.find('nobody')));
      assert.deepEqual(new Set(answers), new Set([undefined]));
      assert.ok(versionReads - before <= 1, `version read ${versionReads - before} times for 20 look-ups`);
    } finally {
      registry.stop();
    }
  });
});

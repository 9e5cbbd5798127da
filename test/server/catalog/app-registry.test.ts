// The running server's one copy of the registered apps of every protocol
// (server/catalog/app-registry.ts) on the real stores of every storage mode: one poll reads every
// store's version; an app added by another process (the CLI, an import, another instance) is found
// by the next request that names it, even when a reload that read the version before the change is
// still under way (the poll, or another request's look-up); and the one access rule serves every
// protocol.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ClientStore, RegisteredClient } from '../../../server/oidc/client-store.ts';
import { oidcClientSource, type ClientSource } from '../../../server/oidc/client-registry.ts';
import { protocolAppSource } from '../../../server/cas/protocol-registry.ts';
import type { ProtocolClient } from '../../../server/cas/protocol-client-store.ts';
import { AppRegistry } from '../../../server/catalog/app-registry.ts';
import { compose } from '../../../server/compose.ts';
import type { AppContext } from '../../../server/context.ts';
import type { RegisteredApps } from '../../../server/registered-apps.ts';
import { testBackends } from '../../helpers/test-app.ts';
import { testConfig } from '../../helpers/start-server.ts';

const client = (clientId: string, groups: string[] = []): RegisteredClient => ({
  clientId, secretHash: null, redirectUris: ['http://127.0.0.1:9/callback'], postLogoutRedirectUris: [],
  backchannelLogoutUri: null, initiateLoginUri: null, name: null, groups, consent: false, scopes: ['openid'],
});
const casService = (id: string, services: string[], groups: string[] = []): ProtocolClient => ({ id, protocol: 'cas', name: null, groups, cas: { services } });

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

for (const backend of testBackends()) describe(`the server's one registry of apps (${backend.name})`, () => {
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

  /** A registry over the real stores, as compose.ts builds it, its client store read through `oidc`. */
  const registryOver = (oidc: ClientSource = ctx.stores.oidcClients) =>
    new AppRegistry<RegisteredApps>([oidcClientSource(oidc), protocolAppSource(ctx.stores.protocolClients)], ctx.stores.memberships);

  test('a client saved while a reload is under way is found by the next look-up', async () => {
    const held = heldStore(ctx.stores.oidcClients);
    const registry = registryOver(held.store);
    await registry.start();
    try {
      // A reload reads the version, then waits: the change lands after its read.
      const readTheVersion = held.hold();
      const stale = registry.check();
      await readTheVersion;
      await ctx.stores.oidcClients.save(client('added-meanwhile'), Date.now());
      const lookUp = registry.find('oidc', 'added-meanwhile');
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
    const registry = registryOver(counting);
    await registry.start();
    try {
      const before = versionReads;
      const answers = await Promise.all(Array.from({ length: 20 }, () => registry.find('oidc', 'nobody')));
      assert.deepEqual(new Set(answers), new Set([undefined]));
      assert.ok(versionReads - before <= 1, `version read ${versionReads - before} times for 20 look-ups`);
    } finally {
      registry.stop();
    }
  });

  test('one check sees the changes of every protocol, each under its own protocol', async () => {
    const registry = registryOver();
    await registry.start();
    try {
      await ctx.stores.oidcClients.save(client('shared-check-oidc'), Date.now());
      await ctx.stores.protocolClients.save(casService('shared-check-cas', ['https://erp.example.com/one/*']), Date.now());
      assert.equal(registry.get('cas', 'shared-check-cas'), undefined, 'not before a check');
      await registry.check();
      assert.equal(registry.get('oidc', 'shared-check-oidc')?.clientId, 'shared-check-oidc');
      assert.deepEqual(registry.get('cas', 'shared-check-cas')?.cas?.services, ['https://erp.example.com/one/*']);
      assert.equal(registry.get('saml', 'shared-check-cas'), undefined, 'a CAS service is no SAML provider');
      assert.equal(registry.get('oidc', 'shared-check-cas'), undefined);
    } finally {
      registry.stop();
    }
  });

  test('a lookup that finds nothing looks again (findBy): a service another process just added counts', async () => {
    const registry = registryOver();
    await registry.start();
    try {
      const url = 'https://erp.example.com/findby/page';
      const pick = (services: readonly ProtocolClient[]) => services.find((s) => s.cas?.services.includes(url));
      assert.equal(await registry.findBy('cas', pick), undefined);
      await ctx.stores.protocolClients.save(casService('findby-service', [url]), Date.now());
      assert.equal((await registry.findBy('cas', pick))?.id, 'findby-service');
    } finally {
      registry.stop();
    }
  });

  test('the one access rule: an app with groups serves their members only, without groups everyone', async () => {
    const member = 7;
    const memberships = { groupsOf: async (userId: number) => (userId === member ? ['ka'] : []) };
    const registry = new AppRegistry<RegisteredApps>([oidcClientSource(ctx.stores.oidcClients), protocolAppSource(ctx.stores.protocolClients)], memberships);
    await registry.start();
    try {
      await ctx.stores.oidcClients.save(client('rule-open'), Date.now());
      await ctx.stores.oidcClients.save(client('rule-ka', ['ka']), Date.now());
      await ctx.stores.oidcClients.save(client('rule-icar', ['icar']), Date.now());
      await registry.check();
      assert.equal(await registry.mayUseById('oidc', 'rule-open', member), true);
      assert.equal(await registry.mayUseById('oidc', 'rule-ka', member), true);
      assert.equal(await registry.mayUseById('oidc', 'rule-ka', member + 1), false, 'not a member');
      assert.equal(await registry.mayUseById('oidc', 'rule-icar', member), false);
      assert.equal(await registry.mayUseById('oidc', 'rule-unknown', member + 1), true, 'an unknown client is the provider\'s own refusal');
      assert.equal(await registry.mayUse(casService('rule-cas', [], ['icar']), member), false);
      assert.equal(await registry.mayUse(casService('rule-cas', [], ['ka', 'icar']), member), true);
      // One request's read of the memberships, when the caller passes it.
      assert.equal(await registry.mayUseById('oidc', 'rule-icar', member, { groupsOf: async () => ['icar'] }), true);
    } finally {
      registry.stop();
    }
  });
});

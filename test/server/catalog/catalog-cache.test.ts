// Client groups and apps are cached in memory (server/catalog/catalog-cache.ts): a write in the same
// process shows at once, a write from another process (admin CLI, import, another instance)
// within about a second, and callers cannot corrupt the cache by changing what they got.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CATALOG_RECHECK_MS } from '../../../server/catalog/catalog-cache.ts';
import { openStorage, type Storage } from '../../../server/compose.ts';
import type { App, ClientGroup } from '../../../server/records/catalog.ts';
import { startServer, type StartedServer } from '../../helpers/start-server.ts';

const betaGroup = (base: ClientGroup): ClientGroup => ({
  ...base, code: 'catalogtest', name: '缓存测试组', aliases: [], domains: ['catalog.localhost'], domainUrl: null,
  isDefault: false, callbackOrigins: [], sortOrder: 99,
});
const betaApp: App = {
  id: 'catalog-app-1', groupCode: 'catalogtest', name: '缓存测试应用', logo: '', intro: '', autoLoginUrl: 'https://app.example.com',
  sortOrder: 1, visible: true,
};

async function waitFor(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe('client group and app cache', () => {
  let server: StartedServer;
  let own: Storage;
  let other: Storage;
  before(async () => {
    server = await startServer();
    own = await openStorage(server.config);
    other = await openStorage(server.config);
  });
  after(async () => {
    await own.close();
    await other.close();
    await server.close();
  });

  it('shows a write of the same repository at once, also one committed in a transaction', async () => {
    const base = (await own.stores.catalog.listGroups()).find((g) => g.isDefault)!;
    assert.equal((await own.stores.catalog.listApps('catalogtest')).length, 0);
    await own.stores.catalog.upsertGroup(betaGroup(base));
    assert.ok((await own.stores.catalog.listGroups()).some((g) => g.name === '缓存测试组'));
    await own.transaction(async (tx) => tx.catalog.upsertApp(betaApp));
    assert.deepEqual((await own.stores.catalog.listApps('catalogtest')).map((a) => a.name), ['缓存测试应用']);
  });

  it('shows a write of another process within about a second', async () => {
    assert.equal((await other.stores.catalog.listApps('catalogtest')).length, 1);
    await own.stores.catalog.upsertApp({ ...betaApp, name: '改名后的应用' });
    const waited = await waitFor(async () => (await other.stores.catalog.listApps('catalogtest'))[0]?.name === '改名后的应用', 3000);
    assert.ok(waited <= CATALOG_RECHECK_MS + 500, `seen after ${waited} ms`);
  });

  it('the running server picks up a group written by another process (admin CLI) for its host', async () => {
    const detail = async () => {
      const answer = await fetch(`${server.url}/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=catalog2.localhost`);
      return ((await answer.json()) as { data: { name: string } }).data.name;
    };
    assert.notEqual(await detail(), '第二缓存组');
    const base = (await other.stores.catalog.listGroups()).find((g) => g.isDefault)!;
    await other.stores.catalog.upsertGroup({ ...betaGroup(base), code: 'catalogtest2', name: '第二缓存组', domains: ['catalog2.localhost'] });
    const waited = await waitFor(async () => (await detail()) === '第二缓存组', 3000);
    assert.ok(waited <= CATALOG_RECHECK_MS + 500, `seen after ${waited} ms`);
  });

  it('hands out copies: changing a returned group does not change the cache', async () => {
    const first = await own.stores.catalog.listGroups();
    first[0]!.callbackOrigins = ['https://changed.example.com'];
    first[0]!.name = '被改动';
    const again = await own.stores.catalog.listGroups();
    assert.notEqual(again[0]!.name, '被改动');
    assert.ok(!again[0]!.callbackOrigins.includes('https://changed.example.com'));
  });
});

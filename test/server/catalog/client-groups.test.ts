// Client groups by host: detailGetBySsoDomain (exact, suffix, alias host, default), the group list
// and the app list (AU00300 without a session); messenger secrets never leave the server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const NOT_LOGGED_IN = { code: 'AU00300', errorCode: 'AU00300', msg: '未登录或登录已失效，请重新登录', data: null };

for (const backend of testBackends()) {
  describe(`client groups and apps (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    const detail = async (ssoDomain: string) =>
      (await t.client().get(`/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=${encodeURIComponent(ssoDomain)}`)).body;

    it('matches exact domains, then suffixes, then falls back to the default group', async () => {
      assert.equal((await detail('exeed.localhost')).data.code, 'exeed');
      assert.equal((await detail('keyaccount.localhost')).data.code, 'ka');
      assert.equal((await detail('ka.localhost')).data.code, 'ka');
      assert.equal((await detail('www.icar.localhost')).data.code, 'icar');
      assert.equal((await detail('OPERATION.localhost:8080')).data.code, 'operation');
      assert.equal((await detail('unknown.example.com')).data.code, 'default');
      assert.equal((await detail('127.0.0.1')).data.code, 'default');
    });

    it('answers the config shape of the contract, without secrets', async () => {
      const body = await detail('localhost');
      assert.equal(body.code, 200);
      const g = body.data;
      assert.deepEqual(Object.keys(g).sort(), ['callbackOrigins', 'code', 'cycleTime', 'domainUrl', 'feishuConfig', 'imageList', 'name', 'smsCooldownSeconds', 'theme', 'weComConfig']);
      assert.equal(g.name, '企业统一登录平台');
      assert.equal(g.domainUrl, 'http://localhost');
      assert.equal(g.cycleTime, 3);
      assert.deepEqual(g.imageList[0], { fileUrl: '/assets/bg/default-1.svg' });
      assert.deepEqual(Object.keys(g.weComConfig).sort(), ['agentid', 'appid', 'redirect_uri']);
      assert.equal(g.weComConfig.redirect_uri, 'http://localhost/?is_redirect_self=1&login_type=wecom');
      assert.deepEqual(Object.keys(g.feishuConfig).sort(), ['client_id', 'redirect_uri']);
      const all = JSON.stringify(await Promise.all(['localhost', 'ka.localhost', 'operation.localhost', 'exeed.localhost'].map(detail)));
      assert.doesNotMatch(all, /secret/i);
      const yingfeng = (await detail('yingfeng.localhost')).data;
      assert.equal(yingfeng.weComConfig, null);
      assert.equal(yingfeng.feishuConfig, null);
      assert.equal((await detail('ka.localhost')).data.feishuConfig, null);
    });

    it('uses the request host when ssoDomain is absent, and refuses unknown parameters', async () => {
      const res = await t.client('exeed.localhost:8080').get('/api/centerAuth/clientGroup/detailGetBySsoDomain');
      assert.equal(res.body.data.code, 'exeed');
      assert.equal(res.body.data.domainUrl, 'http://exeed.localhost:8080');
      const bad = await t.client().get('/api/centerAuth/clientGroup/detailGetBySsoDomain?host=x');
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body, { code: 400, msg: '不支持的参数 host', data: null });
    });

    it('getClientGroupList and getClientListBySsoDomain need a session (AU00300)', async () => {
      const c = t.client();
      assert.deepEqual((await c.get('/api/centerAuth/clientGroup/getClientGroupList')).body, NOT_LOGGED_IN);
      assert.deepEqual((await c.get('/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=localhost')).body, NOT_LOGGED_IN);
    });

    it('lists the six groups and the visible apps of the host group in order', async () => {
      const c = t.client('ka.localhost:8080');
      await c.login('zhangwei', DEMO.zhangwei);
      const groups = (await c.get('/api/centerAuth/clientGroup/getClientGroupList')).body.data;
      assert.deepEqual(groups.map((g: { code: string }) => g.code), ['default', 'ka', 'operation', 'yingfeng', 'icar', 'exeed']);
      assert.deepEqual(groups[5], { code: 'exeed', name: '星途 EXEED 经销商平台', domainUrl: 'http://exeed.localhost:8080' });
      const apps = (await c.get('/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=ka.localhost')).body.data;
      assert.deepEqual(apps.map((a: { name: string }) => a.name), ['大客户商机管理', '合同管理', '报价系统']);
      assert.deepEqual(Object.keys(apps[0]).sort(), ['autoLoginUrl', 'id', 'intro', 'logo', 'name']);
      assert.equal(apps[0].autoLoginUrl, 'ka-crm.example.com', 'URLs without http are kept as configured');
      const exeed = (await c.get('/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=exeed.localhost')).body.data;
      assert.equal(exeed[0].name, '星途经销商系统');
    });

    it('hides apps marked invisible', async () => {
      await t.ctx.stores.catalog.upsertApp({ id: 'ka-hidden', groupCode: 'ka', name: '隐藏应用', logo: '', intro: '', autoLoginUrl: 'x.example.com', sortOrder: 0, visible: false });
      const c = t.client();
      await c.login('zhangwei', DEMO.zhangwei);
      const apps = (await c.get('/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=ka.localhost')).body.data;
      assert.equal(apps.some((a: { name: string }) => a.name === '隐藏应用'), false);
    });
  });
}

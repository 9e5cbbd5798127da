// Access per group (issue 12): the app centre's group calls answer only for the groups the signed-in
// account belongs to. dealer01 (demo: member of icar only) sees his group and its apps and is
// refused a staff group with AU00301, which zhangwei (every group) may use; a self-registered dealer
// joins the group of the brand site he registered at, never a staff group; the admin CLI's grant
// and revoke (another process) change what a signed-in account sees at its next request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runAdminCli } from '../../helpers/admin-cli.ts';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';


const GROUPS = '/api/centerAuth/clientGroup/getClientGroupList';
const apps = (ssoDomain: string) => `/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=${ssoDomain}`;
const NOT_A_MEMBER = { code: 'AU00301', errorCode: 'AU00301', msg: '您的账号不属于该客户群，无权查看其应用', data: null };
const DEALER_PASSWORD = 'Dealer#2026group';

const codes = (answer: { body: { data: { code: string }[] } }) => answer.body.data.map((g) => g.code);
const names = (answer: { body: { data: { name: string }[] } }) => answer.body.data.map((a) => a.name);

for (const backend of testBackends()) {
  describe(`access per group (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    const signedIn = async (username: string, password: string, host = 'localhost'): Promise<Client> => {
      const c = t.client(host);
      assert.equal((await c.login(username, password)).body.code, 200);
      return c;
    };

    /** Registers a dealer through the SMS code like the register view, then signs him in. */
    const registerDealer = async (host: string, username: string, phone: string, extra: Record<string, string> = {}): Promise<Client> => {
      const c = t.client(host);
      assert.equal((await c.get(`/api/admin/mobile/${phone}`)).body.code, 200);
      const answer = await c.post('/api/admin/register/user', {
        json: { username, phone, smsCode: t.lastSmsCode(phone)!, password: await c.encrypt(DEALER_PASSWORD), ...extra },
      });
      assert.equal(answer.body.code, 200, JSON.stringify(answer.body));
      return signedIn(username, DEALER_PASSWORD, host);
    };

    it("dealer01's app centre lists only his group and its apps", async () => {
      const dealer = await signedIn('dealer01', DEMO.dealer01, 'icar.localhost');
      assert.deepEqual(codes(await dealer.get(GROUPS)), ['icar']);
      assert.deepEqual(names(await dealer.get(apps('icar.localhost'))), ['用户运营', '车辆服务']);
      // Without ssoDomain the Host decides, as for everyone.
      assert.deepEqual(names(await dealer.get('/api/centerAuth/client/getClientListBySsoDomain')), ['用户运营', '车辆服务']);
    });

    it('a group call for a staff group is refused for dealer01 (AU00301) and answered for zhangwei', async () => {
      const dealer = await signedIn('dealer01', DEMO.dealer01);
      for (const host of ['ka.localhost', 'localhost', 'operation.localhost', 'exeed.localhost']) {
        const refused = await dealer.get(apps(host));
        assert.equal(refused.status, 200);
        assert.deepEqual(refused.body, NOT_A_MEMBER, host);
      }
      // On the host of a group he is not in, the Host decides the same way.
      const atKaHost = await signedIn('dealer01', DEMO.dealer01, 'ka.localhost');
      assert.deepEqual((await atKaHost.get('/api/centerAuth/client/getClientListBySsoDomain')).body, NOT_A_MEMBER);

      const staff = await signedIn('zhangwei', DEMO.zhangwei);
      assert.deepEqual(names(await staff.get(apps('ka.localhost'))), ['大客户商机管理', '合同管理', '报价系统']);
      assert.deepEqual(codes(await staff.get(GROUPS)), ['default', 'ka', 'operation', 'yingfeng', 'icar', 'exeed']);
      // The catalog cache is per group: the dealer's next call still sees only his own group.
      assert.deepEqual(codes(await dealer.get(GROUPS)), ['icar']);
    });

    it('signed out, the group calls still answer AU00300 and the group config stays public', async () => {
      const anonymous = t.client();
      assert.equal((await anonymous.get(GROUPS)).body.code, 'AU00300');
      assert.equal((await anonymous.get(apps('ka.localhost'))).body.code, 'AU00300');
      assert.equal((await anonymous.get('/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=ka.localhost')).body.data.code, 'ka');
    });

    it('a dealer who registers at a brand site sees that group and no staff group', async () => {
      const dealer = await registerDealer('exeed.localhost', 'groupdealer1', '13900000301');
      assert.deepEqual(codes(await dealer.get(GROUPS)), ['exeed']);
      assert.deepEqual(names(await dealer.get(apps('exeed.localhost'))), ['星途经销商系统', '星途售后', '星途培训']);
      assert.deepEqual((await dealer.get(apps('localhost'))).body, NOT_A_MEMBER);
      assert.deepEqual((await dealer.get(apps('ka.localhost'))).body, NOT_A_MEMBER);
    });

    it("an embedded register view's ssoDomain names the brand site; a staff group's host gives no group", async () => {
      const embedded = await registerDealer('localhost', 'groupdealer2', '13900000302', { ssoDomain: 'yingfeng.localhost' });
      assert.deepEqual(codes(await embedded.get(GROUPS)), ['yingfeng']);
      // The portal's own host belongs to the staff group "default": the dealer joins nothing.
      const atStaffHost = await registerDealer('localhost', 'groupdealer3', '13900000303');
      assert.deepEqual((await atStaffHost.get(GROUPS)).body.data, []);
      assert.deepEqual((await atStaffHost.get(apps('localhost'))).body, NOT_A_MEMBER);
    });

    it('admin grant and revoke (another process) change what the signed-in account sees at once', async () => {
      const cli = (...args: string[]) => runAdminCli(t.config, args, { SSO_SEED_DEMO: 'false' });
      const dealer = await registerDealer('icar.localhost', 'groupdealer4', '13900000304');
      assert.deepEqual(codes(await dealer.get(GROUPS)), ['icar']);
      assert.deepEqual((await dealer.get(apps('ka.localhost'))).body, NOT_A_MEMBER);

      assert.match((await cli('grant', 'groupdealer4', 'ka')).stdout, /groupdealer4 is a member of ka/);
      assert.deepEqual(codes(await dealer.get(GROUPS)), ['ka', 'icar']);
      assert.deepEqual(names(await dealer.get(apps('ka.localhost'))), ['大客户商机管理', '合同管理', '报价系统']);

      assert.match((await cli('revoke', 'groupdealer4', 'ka')).stdout, /groupdealer4 is no longer a member of ka/);
      assert.deepEqual(codes(await dealer.get(GROUPS)), ['icar']);
      assert.deepEqual((await dealer.get(apps('ka.localhost'))).body, NOT_A_MEMBER);

      const noGroup = await cli('grant', 'groupdealer4', 'nogroup');
      assert.equal(noGroup.status, 2);
      assert.match(noGroup.stderr, /no group "nogroup"/);
      const noUser = await cli('revoke', 'nobody', 'ka');
      assert.equal(noUser.status, 2);
      assert.match(noUser.stderr, /no user "nobody"/);
    });
  });

  describe(`self-registration groups from the config (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      // "ka" is a staff group in the demo data: the setting cannot put a dealer there.
      t = await buildTestApp(backend, { registrationGroups: ['ka', 'icar', 'exeed'] });
    });
    after(() => t.close());

    it('SSO_REGISTRATION_GROUPS decides, whatever the host, minus the staff groups', async () => {
      const c = t.client('yingfeng.localhost');
      const phone = '13900000310';
      assert.equal((await c.get(`/api/admin/mobile/${phone}`)).body.code, 200);
      const answer = await c.post('/api/admin/register/user', {
        json: { username: 'configdealer', phone, smsCode: t.lastSmsCode(phone)!, password: await c.encrypt(DEALER_PASSWORD) },
      });
      assert.equal(answer.body.code, 200);
      assert.equal((await c.login('configdealer', DEALER_PASSWORD)).body.code, 200);
      assert.deepEqual(codes(await c.get(GROUPS)), ['icar', 'exeed']);
    });
  });
}

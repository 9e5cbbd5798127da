// "Place by IP" on the account page (issue 21): 省份 城市 运营商 from the offline ip2region database
// (server/account/ip-place.ts) for public addresses; nothing for loopback, private and special
// ranges (the page says 本机 / 内网 from the address) nor for one the database does not place (the
// page shows the address). The addresses below are long-lived ones the database places stably
// (public DNS resolvers, a provincial carrier's DNS). The session list and the sign-ins carry the
// place on every storage mode.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { placeOfAddress } from '../../../server/account/ip-place.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

describe('the place of an address', () => {
  it('names 省份 城市 运营商 of public Chinese addresses, the country abroad', () => {
    const failures: unknown[] = [];
    const place = (ip: string) => placeOfAddress(ip, (error) => failures.push(error));
    assert.equal(place('114.114.114.114'), '江苏省 南京市');
    assert.equal(place('202.96.128.86'), '广东省 广州市 电信');
    assert.equal(place('223.5.5.5'), '浙江省 杭州市 阿里云');
    assert.equal(place('61.139.2.69'), '四川省 成都市 电信');
    // A municipality is named once (北京 北京市 would say it twice).
    assert.equal(place('119.29.29.29'), '北京市 腾讯');
    // An IPv4-mapped IPv6 address, as a dual-stack socket reports IPv4 clients.
    assert.equal(place('::ffff:202.96.128.86'), '广东省 广州市 电信');
    assert.match(place('8.8.8.8') ?? '', /^美国/);
    assert.deepEqual(failures, [], 'the database opened and answered');
  });

  it('places no loopback, private or special address, no IPv6 address and nothing malformed', () => {
    for (const ip of [
      '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1',
      '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1', '::ffff:192.168.0.5',
      '100.64.0.1', '169.254.1.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1',
      'fd00::1', 'fe80::1', '240e:47d:c20:1627::1',
      '', 'localhost', '1.2.3', '1.2.3.256', '203.0.113.999',
    ]) {
      assert.equal(placeOfAddress(ip), null, ip);
    }
    // Next to the private ranges, public addresses are placed.
    assert.notEqual(placeOfAddress('172.32.0.1'), null);
    assert.notEqual(placeOfAddress('11.0.0.1'), null);
  });
});

for (const backend of testBackends()) {
  describe(`the account page's places (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      // Behind one proxy, as in production: the client's address comes from X-Forwarded-For.
      t = await buildTestApp(backend, { trustProxy: 1 });
    });
    after(() => t.close());

    it('the session list and the last sign-ins carry the place of a public address, none for loopback', async () => {
      const c = t.client();
      assert.equal((await c.login('zhangwei', DEMO.zhangwei, {})).body.code, 200);
      const fromGuangzhou = await c.post('/api/centerAuth/sso/doLogin', {
        form: { name: 'zhangwei', pwd: await c.encrypt(DEMO.zhangwei), loginType: '0' },
        headers: { 'user-agent': 'Place/1.0', 'x-forwarded-for': '202.96.128.86' },
      });
      assert.equal(fromGuangzhou.body.code, 200);

      const sessions = (await c.get('/api/account/sessions')).body.data as Array<{ current: boolean; ip: string; place: string | null }>;
      const current = sessions.find((s) => s.current)!;
      assert.deepEqual({ ip: current.ip, place: current.place }, { ip: '202.96.128.86', place: '广东省 广州市 电信' });
      for (const s of sessions.filter((s) => !s.current)) assert.equal(s.place, null, s.ip);

      const signIns = (await c.get('/api/account/sign-ins')).body.data as Array<{ ip: string; place: string | null }>;
      assert.ok(signIns.length >= 2);
      for (const row of signIns) assert.equal(row.place, row.ip === '202.96.128.86' ? '广东省 广州市 电信' : null, row.ip);
      assert.ok(signIns.some((row) => row.place === '广东省 广州市 电信'));
    });
  });
}

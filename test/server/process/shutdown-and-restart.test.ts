// The process on the embedded default: SIGTERM lets requests already in flight finish (and exits
// 0), and sessions survive a restart because they live in the database, not in the process.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO } from '../../helpers/test-app.ts';
import { HttpClient } from '../scale/http-client.ts';
import { startInstance, stopInstance } from '../scale/instances.ts';

describe('graceful shutdown and restart (embedded default)', () => {
  it('SIGTERM finishes the logins in flight, then exits 0', async () => {
    const instance = await startInstance({ SSO_SENSITIVE_PER_MINUTE: '1000' });
    try {
      const clients = Array.from({ length: 8 }, () => new HttpClient(instance.url));
      // Each client fetches its XSRF cookie and the key first, so the logins below are one request each.
      const ciphers = await Promise.all(clients.map((c) => c.encrypt(DEMO.zhangwei)));
      const received = () => instance.output().split('\n').filter((l) => l.includes('incoming request') && l.includes('/doLogin')).length;
      const inFlight = clients.map((c, i) => c.post('/api/centerAuth/sso/doLogin', { name: 'zhangwei', pwd: ciphers[i]!, loginType: '0' }));
      // SIGTERM once the server has received all eight (its log says so), while they are being served.
      const deadline = Date.now() + 15_000;
      while (received() < 8) {
        assert.ok(Date.now() < deadline, `the server logged ${received()} of 8 doLogin requests`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      instance.child.kill('SIGTERM');
      const answers = await Promise.all(inFlight);
      for (const res of answers) assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
      const code = await new Promise<number | null>((resolve) =>
        instance.child.exitCode !== null ? resolve(instance.child.exitCode) : instance.child.once('exit', resolve));
      assert.equal(code, 0);
      await assert.rejects(fetch(`${instance.url}/api/health`), 'the port is closed afterwards');
    } finally {
      await stopInstance(instance);
    }
  });

  it('a session survives a restart of the process', async () => {
    const first = await startInstance({});
    const browser = new HttpClient(first.url);
    assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
    await stopInstance(first, true);
    const second = await startInstance({ SSO_DATA_DIR: first.ownDataDir });
    try {
      const again = browser.at(second.url);
      assert.equal((await again.get('/api/centerAuth/sso/isLogin')).body.data, true);
      assert.deepEqual((await again.get('/api/centerAuth/user/curLogin/info')).body.data, { username: 'zhangwei' });
    } finally {
      await stopInstance(second);
    }
  });
});

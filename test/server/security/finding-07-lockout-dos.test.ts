// Issue 13, finding 7 (Medium): lockout as denial of service. Five wrong passwords locked password,
// SMS, QR and password change for 15 minutes, and nothing let the owner back in. Now the lock
// holds the password only: SMS and WeCom / Feishu sign-in still work (they prove the phone or the
// messenger account), a successful SMS sign-in clears the password failures, the 423 answer says
// how many minutes remain, and `npm run admin -- unlock` works in every storage mode.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import type { ServerConfig } from '../../../server/config.ts';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import { REPO_ROOT } from '../../helpers/spawn-main.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const run = promisify(execFile);

/** `npm run admin -- <args>` (server/cli.ts) on the test app's storage. */
async function admin(config: ServerConfig, ...args: string[]): Promise<string> {
  const env: Record<string, string> = { ...process.env as Record<string, string>, SSO_DATA_DIR: config.dataDir, SSO_LOG_LEVEL: 'silent' };
  if (config.databaseUrl) Object.assign(env, { SSO_DATABASE_URL: config.databaseUrl, SSO_DATABASE_SCHEMA: config.databaseSchema ?? '' });
  if (config.redisUrl) Object.assign(env, { SSO_REDIS_URL: config.redisUrl, SSO_REDIS_PREFIX: config.redisKeyPrefix });
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: REPO_ROOT, env });
  return stdout.trim();
}

for (const backend of testBackends()) {
  describe(`finding 7: a password lockout locks the password only (${backend.name})`, () => {
    let t: TestApp;
    let fake: FakeMessengers;
    before(async () => {
      fake = await startFakeMessengers();
      t = await buildTestApp(backend, { weComBaseUrl: fake.url, feishuBaseUrl: fake.url });
      fake.weComCodes.set('wc-locked', 'zhangwei');
    });
    after(async () => {
      await t.close();
      await fake.close();
    });

    async function lockPassword(name: string): Promise<void> {
      const c = t.client();
      let last;
      for (let i = 0; i < 5; i++) last = await c.login(name, `Wrong@2026${i}`);
      assert.equal(last!.status, 423);
      assert.deepEqual(last!.body, { code: 423, msg: '该账号已锁定，请 15 分钟后再试', data: null });
    }

    async function smsLogin(phone: string) {
      t.clock.advance(61_000);
      await t.client().get(`/api/centerAuth/msg/login/send?phone=${phone}`);
      return t.client().post('/api/centerAuth/sso/doLogin', { form: { phone, code: t.lastSmsCode(phone)!, loginType: '1' } });
    }

    it('SMS sign-in works while the password is locked, and clears the failures', async () => {
      await lockPassword('dealer01');
      const sms = await smsLogin('13800000001');
      assert.equal(sms.body.code, 200, JSON.stringify(sms.body));
      assert.equal((await t.client().login('dealer01', DEMO.dealer01)).body.code, 200, 'the password works again at once');
    });

    it('WeCom sign-in works while the password is locked', async () => {
      await lockPassword('zhangwei');
      const qr = await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-locked&ssoDomain=localhost');
      assert.equal(qr.body.code, 200, JSON.stringify(qr.body));
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).status, 423, 'the password itself stays locked');
    });

    it('the 423 answer counts the minutes down', async () => {
      t.clock.advance(16 * 60_000);
      await lockPassword('agedpwd');
      t.clock.advance(7 * 60_000 + 30_000);
      assert.deepEqual((await t.client().login('agedpwd', DEMO.agedpwd)).body, { code: 423, msg: '该账号已锁定，请 8 分钟后再试', data: null });
    });

    it('npm run admin -- unlock ends the lock in this storage mode', async () => {
      t.clock.advance(16 * 60_000);
      await lockPassword('zhangwei');
      // Under SSO_REDIS_URL the counters live in Redis: the CLI must open it as the server does.
      assert.equal(await admin(t.config, 'unlock', 'zhangwei'), 'zhangwei unlocked');
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
    });
  });
}

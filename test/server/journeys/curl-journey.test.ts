// The "Done when" list, scripted with curl against the real process (server/main.ts, as
// npm start runs it: compiled, serverProgram in test/helpers/start-server.ts):
// public key, login (sm-crypto), isLogin, apps for a host, AU00153 / AU00154, change a password,
// 423 after five wrong passwords, sign out, graceful SIGTERM. SQLite, and PostgreSQL when set.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { PasswordProblems } from '../../../contract/rules/password.ts';
import { dropPostgresSchema } from '../../../server/storage/database.ts';
import { spawnServer, type ServerProcess } from '../../helpers/start-server.ts';
import { testBackends } from '../../helpers/test-app.ts';
import { smsOutbox } from '../../helpers/sms-outbox.ts';

const run = promisify(execFile);

for (const backend of testBackends()) {
  describe(`curl journey against server/main.ts (${backend.name})`, () => {
    let server: ServerProcess;
    let jarDir: string;
    const schema = `sso_curl_${crypto.randomBytes(4).toString('hex')}`;
    let publicKey = '';

    before(async () => {
      jarDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-curl-'));
      const env: Record<string, string> = backend.name === 'postgres'
        ? { SSO_DATABASE_URL: process.env.SSO_TEST_PG_URL!, SSO_DATABASE_SCHEMA: schema } : {};
      server = await spawnServer(env);
    });
    after(async () => {
      if (server.child.exitCode === null) await server.stop();
      if (backend.name === 'postgres') await dropPostgresSchema(process.env.SSO_TEST_PG_URL!, schema);
      fs.rmSync(jarDir, { recursive: true, force: true });
    });

    /** curl with a cookie jar per user; echoes the XSRF cookie as the header, like the widget. */
    async function curl(jar: string, urlPath: string, opts: { form?: Record<string, string>; json?: unknown; host?: string } = {}) {
      const jarFile = path.join(jarDir, jar);
      const args = ['-s', '-b', jarFile, '-c', jarFile, '-w', '\n%{http_code}'];
      // A new browser first loads something and receives its XSRF-TOKEN cookie.
      if (!fs.existsSync(jarFile)) await run('curl', ['-s', '-o', '/dev/null', '-c', jarFile, `${server.url}/api/centerAuth/sso/isLogin`]);
      {
        const token = /XSRF-TOKEN\t(\S+)/.exec(fs.readFileSync(jarFile, 'utf8'))?.[1];
        if (token) args.push('-H', `X-XSRF-TOKEN: ${token}`);
      }
      if (opts.host) args.push('-H', `Host: ${opts.host}`);
      for (const [k, v] of Object.entries(opts.form ?? {})) args.push('--data-urlencode', `${k}=${v}`);
      if (opts.json !== undefined) args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(opts.json));
      const { stdout } = await run('curl', [...args, `${server.url}/api${urlPath}`]);
      const cut = stdout.lastIndexOf('\n');
      return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) };
    }
    const enc = (plain: string) => sm2Password(plain, publicKey);
    const login = (jar: string, name: string, pwd: string) =>
      curl(jar, '/centerAuth/sso/doLogin', { form: { name, pwd: enc(pwd), loginType: '0' } });

    it('reads the public key', async () => {
      const res = await curl('zhangwei', '/centerAuth/commonConfig/getPublicKeySm2');
      assert.equal(res.status, 200);
      publicKey = res.body.data;
      assert.match(publicKey, /^04[0-9a-f]{128}$/i);
    });

    it('logs in zhangwei, sees isLogin true and the apps of a host', async () => {
      const res = await login('zhangwei', 'zhangwei', 'Sso@2026demo');
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
      assert.match(fs.readFileSync(path.join(jarDir, 'zhangwei'), 'utf8'), /#HttpOnly_127\.0\.0\.1\t.*\tsso_sid\t/);
      assert.equal((await curl('zhangwei', '/centerAuth/sso/isLogin')).body.data, true);
      const apps = await curl('zhangwei', '/centerAuth/client/getClientListBySsoDomain?ssoDomain=exeed.localhost');
      assert.deepEqual(apps.body.data.map((a: { name: string }) => a.name), ['星途经销商系统', '星途售后', '星途培训']);
    });

    it('gets AU00153 for agedpwd and AU00154 for firstlogin', async () => {
      assert.equal((await login('other', 'agedpwd', 'Sso@2026aged')).body.errorCode, 'AU00153');
      assert.equal((await login('other', 'firstlogin', 'Sso@2026first')).body.errorCode, 'AU00154');
    });

    it('changes the password of firstlogin, who then logs in; a common password is refused', async () => {
      // The process's own password check, dictionaries loaded on first use (the compiled server
      // once lost them to its bundling: every change answered 500).
      const common = await curl('other', '/centerAuth/user/changePassword', {
        json: { userName: 'firstlogin', oldPassword: enc('Sso@2026first'), newPassword: enc('Passw0rd!'), confirmPassword: enc('Passw0rd!') },
      });
      assert.equal(common.body.msg, PasswordProblems.common);
      const res = await curl('other', '/centerAuth/user/changePassword', {
        json: { userName: 'firstlogin', oldPassword: enc('Sso@2026first'), newPassword: enc('Curl#2026new'), confirmPassword: enc('Curl#2026new') },
      });
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: null });
      assert.equal((await login('other', 'firstlogin', 'Curl#2026new')).body.code, 200);
    });

    it('gets HTTP 423 after five wrong passwords', async () => {
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await login('attacker', 'dealer01', `Wrong@2026${i}`)).status);
      assert.deepEqual(codes, [200, 200, 200, 200, 423, 423]);
      const locked = await login('attacker', 'dealer01', 'Sso@2026dealer');
      assert.equal(locked.status, 423);
      assert.equal(locked.body.msg, '该账号已锁定，请 15 分钟后再试');
    });

    it('signs out, then isLogin is false', async () => {
      assert.deepEqual((await curl('zhangwei', '/centerAuth/sso/signout')).body, { code: 200, msg: 'success', data: null });
      assert.equal((await curl('zhangwei', '/centerAuth/sso/isLogin')).body.data, false);
    });

    it('never logs passwords, cookies or SMS codes, and exits 0 on SIGTERM', async () => {
      await curl('sms', '/centerAuth/msg/login/send?phone=13800000001');
      const wecom = await curl('sms', '/centerAuth/sso/WeCom/loginByCode?code=one-time-auth-code-42&ssoDomain=operation.localhost');
      assert.equal(wecom.body.msg, '当前客户组未配置企业微信登录');
      const code = smsOutbox(path.join(server.dataDir, 'sms-outbox.jsonl')).at(-1)!.code;
      const jar = fs.readFileSync(path.join(jarDir, 'zhangwei'), 'utf8');
      const xsrf = /XSRF-TOKEN\t(\S+)/.exec(jar)![1]!;
      const exitCode = await server.stop();
      assert.equal(exitCode, 0);
      const log = server.output();
      assert.match(log, /SMS sent to 138\*\*\*\*0001/);
      assert.match(log, /zhangwei\s+Sso@2026demo/, 'demo accounts are printed at start');
      const body = log.replace(/Demo accounts:[\s\S]*?SMS codes/, '');
      assert.match(body, /loginByCode\?code=\*\*\*&ssoDomain=operation\.localhost/, 'the route is logged, the code masked');
      for (const secret of [code, xsrf, 'Sso@2026demo', 'Curl#2026new', 'one-time-auth-code-42', '13800000001']) assert.equal(body.includes(secret), false, 'log leaks a secret');
    });
  });
}

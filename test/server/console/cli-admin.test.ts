// The console's admin commands at a shell (npm run admin -- ...), as another process on the
// running server's storage (SQLite, PostgreSQL, PostgreSQL + Redis): create-admin reads the
// password from standard input (never argv) and kills a pending setup link; grant-admin and
// revoke-admin keep the last administrator (exit code 2 and a message); disable-user ends the
// sessions the server holds, enable-user lets the account in again; end-sessions; rotate-secret
// prints the new secret once; disable-client / enable-client; admin-audit lists it all under the
// actor cli:<operating-system user>.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Refusal } from '../../../contract/errors.ts';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';
import { setupLinkAtStart } from '../../../server/console/first-start.ts';
import { adminCli, runAdminCli, runAdminCliWithInput } from '../../helpers/admin-cli.ts';
import { buildTestApp, Clock, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
import {
  ADMIN, adminActions, api, assertRefused, consoleClient, consoleSignIn, envelopeRefusal, introspectAs,
} from './console-fixture.ts';

/** Who the CLI records as the actor: the operating-system account that ran it. */
const OS_USER = { USER: 'opsbot', LOGNAME: 'opsbot', SUDO_USER: '' };
const ACTOR = 'cli:opsbot';
const BOSS_PASSWORD = 'Chief#2026shell';
const LAST_ADMIN = '不能移除最后一位管理员';

for (const backend of testBackends()) {
  describe(`console admin commands on the server's storage (${backend.name})`, () => {
    let t: TestApp;
    // The embedded server trusts its SQLite session copies for SESSION_RECHECK_MS: their clock is moved by hand.
    const cacheClock = new Clock();
    before(async () => {
      t = await buildTestApp(backend, { oidcClientCheckMs: 100, sensitivePerMinute: 10_000 }, { sessionCacheClock: cacheClock.now });
    });
    after(() => t.close());

    const cli = (...args: string[]) => adminCli(t.config, args, OS_USER);
    const refusedCli = async (args: string[], message: string | RegExp) => {
      const result = await runAdminCli(t.config, args, OS_USER);
      assert.equal(result.status, 2, `admin ${args.join(' ')}: exit ${result.status}\n${result.stdout}\n${result.stderr}`);
      if (typeof message === 'string') assert.ok(result.stderr.includes(message), result.stderr);
      else assert.match(result.stderr, message);
    };
    const isLogin = async (c: ReturnType<TestApp['client']>) => {
      cacheClock.advance(SESSION_RECHECK_MS + 1);
      return (await c.get('/api/centerAuth/sso/isLogin')).body.data as boolean;
    };

    it('create-admin reads the password from standard input, never argv; the administrator signs in to the console', async () => {
      const run = await runAdminCliWithInput(t.config, ['create-admin', 'boss'], `${BOSS_PASSWORD}\n`, OS_USER);
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /administrator boss created; sign in at \/admin/);
      assert.equal(run.argv.some((arg) => arg.includes(BOSS_PASSWORD)), false, 'the password is not in argv');
      assert.equal(`${run.stdout}${run.stderr}`.includes(BOSS_PASSWORD), false, 'nor printed');
      const boss = await consoleClient(t, 'boss', BOSS_PASSWORD);
      assert.equal((await boss.get(api('consoleMe'))).body.data.username, 'boss');
      const row = (await t.ctx.stores.users.findUserByName('boss'))!;
      assert.deepEqual([row.isAdmin, row.disabled, row.mustChangePassword], [true, false, false]);
    });

    it('create-admin refuses a password given as an argument, a weak password and a taken name (exit code 2), creating nothing', async () => {
      const [asArgument, weak, taken] = await Promise.all([
        runAdminCliWithInput(t.config, ['create-admin', 'boss2', 'Chief#2026argv'], '', OS_USER),
        runAdminCliWithInput(t.config, ['create-admin', 'boss3'], 'password\n', OS_USER),
        runAdminCliWithInput(t.config, ['create-admin', 'boss'], `${BOSS_PASSWORD}\n`, OS_USER),
      ]);
      assert.equal(asArgument.status, 2, asArgument.stderr);
      assert.match(asArgument.stderr, /create-admin takes at most 1 argument/);
      assert.equal(weak.status, 2, weak.stderr);
      assert.match(weak.stderr, /密码需为8-64位/);
      assert.equal(taken.status, 2, taken.stderr);
      assert.match(taken.stderr, /user "boss" exists \(grant-admin boss makes it an administrator\)/);
      assert.equal(await t.ctx.stores.users.findUserByName('boss2'), null);
      assert.equal(await t.ctx.stores.users.findUserByName('boss3'), null);
    });

    it('grant-admin and revoke-admin; the last administrator stays (exit code 2 and the reason)', async () => {
      assert.match(await cli('grant-admin', 'zhangwei'), /zhangwei is an administrator/);
      await consoleClient(t, 'zhangwei', DEMO.zhangwei);
      assert.match(await cli('revoke-admin', 'zhangwei'), /zhangwei is no longer an administrator/);
      assertRefused(await consoleSignIn(t.client(), 'zhangwei', DEMO.zhangwei), 'notAdmin');
      assert.match(await cli('revoke-admin', 'boss'), /boss is no longer an administrator/);
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 1);

      await refusedCli(['revoke-admin', ADMIN.username], LAST_ADMIN);
      await refusedCli(['disable-user', ADMIN.username], LAST_ADMIN);
      const admin = (await t.ctx.stores.users.findUserByName(ADMIN.username))!;
      assert.deepEqual([admin.isAdmin, admin.disabled], [true, false]);
      await consoleClient(t);
      await refusedCli(['grant-admin', 'nobody'], 'no user "nobody"');
    });

    it('disable-user ends the portal session the server holds and refuses sign-in (AU00160); enable-user lets it in again', async () => {
      const browser = t.client();
      assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      assert.equal(await isLogin(browser), true);
      assert.match(await cli('disable-user', 'zhangwei'), /^zhangwei disabled: its sessions and app grants ended/);
      assert.equal(await isLogin(browser), false, 'the session ended');
      assert.deepEqual((await t.client().login('zhangwei', DEMO.zhangwei)).body, envelopeRefusal(Refusal.accountDisabled[0], Refusal.accountDisabled[1]));
      assert.match(await cli('enable-user', 'zhangwei'), /^zhangwei enabled/);
      const again = t.client();
      assert.equal((await again.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      assert.match(await cli('end-sessions', 'zhangwei'), /^1 session\(s\) of zhangwei ended, and its app grants revoked/);
      assert.equal(await isLogin(again), false);
    });

    it('rotate-secret prints the new secret once; the old one is refused without a grace; disable-client / enable-client', async () => {
      const added = await cli('add-client', 'cli-app', '--redirect-uri', 'https://cli.example.com/callback');
      const original = /client_secret[^:]*: (\S+)/.exec(added)![1]!;
      const untilAuth = (secret: string, status: number) => waitUntilAsync(async () => (await introspectAs(t, 'cli-app', secret)) === status, {
        timeoutMs: 5000, failure: () => `cli-app: authentication with a secret did not become ${status}`,
      });
      await untilAuth(original, 200);
      const printed = await cli('rotate-secret', 'cli-app', '--grace-minutes', '0');
      const match = /^client_secret of cli-app \(shown once, stored hashed\): (\S+)\nthe previous secret works 0 more minute\(s\)\n$/.exec(printed);
      assert.ok(match, printed);
      const rotated = match[1]!;
      assert.notEqual(rotated, original);
      assert.equal(printed.split(rotated).length - 1, 1, 'printed once');
      await untilAuth(rotated, 200);
      assert.equal(await introspectAs(t, 'cli-app', original), 401);

      await refusedCli(['rotate-secret', 'cli-app', '--grace-minutes', '99999'], '--grace-minutes: 0 to 10080');
      await refusedCli(['rotate-secret', 'no-such-app'], '客户端 no-such-app 不存在');
      assert.match(await cli('disable-client', 'cli-app'), /client cli-app disabled/);
      await untilAuth(rotated, 401);
      assert.match(await cli('enable-client', 'cli-app'), /client cli-app enabled/);
      await untilAuth(rotated, 200);

      const audit = await cli('admin-audit', '50');
      assert.equal(audit.includes(rotated) || audit.includes(original), false, 'no secret in the audit');
      const rows = await adminActions(await consoleClient(t));
      assert.equal(JSON.stringify(rows).includes(rotated), false);
    });

    it('admin-audit lists the actions above with the actor cli:<user>, and the console shows them too', async () => {
      const lines = (await cli('admin-audit', '100')).trim().split('\n');
      const wanted = [
        'account.create-admin boss', 'account.grant-admin zhangwei', 'account.revoke-admin zhangwei', 'account.revoke-admin boss',
        'account.disable zhangwei', 'account.enable zhangwei', 'account.end-all-sessions zhangwei', 'client.rotate-secret cli-app',
        'client.disable cli-app', 'client.enable cli-app',
      ];
      for (const action of wanted) {
        assert.ok(lines.some((line) => new RegExp(`^\\S+ ${ACTOR} cli ${action.replace('.', '\\.')}$`).test(line)), `${action} in:\n${lines.join('\n')}`);
      }
      // Refused commands changed nothing and left no row.
      assert.equal(lines.some((line) => / account\.(revoke-admin|disable) admin$/.test(line)), false);
      const rows = await adminActions(await consoleClient(t), ACTOR);
      assert.ok(rows.length >= wanted.length);
      assert.ok(rows.every((r) => r.actor === ACTOR && r.ip === 'cli'));
      const disable = rows.find((r) => r.action === 'account.disable' && r.target === 'zhangwei')!;
      assert.deepEqual([JSON.parse(disable.before), JSON.parse(disable.after)], [{ disabled: false }, { disabled: true }]);
    });
  });

  describe(`create-admin on a fresh instance kills its setup link (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { seedDemoData: false, sensitivePerMinute: 10_000 });
    });
    after(() => t.close());

    it('a pending setup link is dead once create-admin made an administrator', async () => {
      const token = new URL((await setupLinkAtStart(t.ctx, 'http://localhost'))!).searchParams.get('token')!;
      const c = t.client();
      const state = async () => (await c.get(`${api('consoleSetupState')}?token=${token}`)).body.data.valid as boolean;
      assert.equal(await state(), true);
      const run = await runAdminCliWithInput(t.config, ['create-admin', 'boss'], `${BOSS_PASSWORD}\n`, OS_USER);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(await state(), false);
      assert.equal(await t.ctx.stores.setupTokens.isValid(token, t.clock.now()), false, 'the link is gone from the store, not only hidden');
      const setup = await c.post(api('consoleCompleteSetup'), {
        json: { token, username: 'intruder', password: await c.encrypt('Intruder#2026pw'), confirmPassword: await c.encrypt('Intruder#2026pw') },
      });
      assertRefused(setup, 'setupLinkInvalid');
      assert.equal(await t.ctx.stores.users.findUserByName('intruder'), null);
      // The instance is set up: the sign-in calls answer again, and boss signs in to the console.
      assert.equal((await c.login('boss', BOSS_PASSWORD)).body.code, 200);
      await consoleClient(t, 'boss', BOSS_PASSWORD);
    });
  });
}

// One rule for setting a password (issue 24, server/auth/set-password.ts), whoever sets it: the
// person's own change, the SMS reset, the console and the admin CLI (another process). After each
// one, on every storage mode: the new password signs in and the old one does not, every portal
// session of the account has ended (the browser is signed out), its console sessions have ended,
// the password lockout's count is cleared, and its OIDC grants are revoked. A caller that set the
// password its own way would miss one of them (before issue 24 the person's own change and the
// reset left console sessions open); and no server file but set-password.ts writes a password hash.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { withAdminContext } from '../../../server/admin-context.ts';
import { createAccount } from '../../../server/auth/account-admin.ts';
import { SESSION_RECHECK_MS } from '../../../server/auth/session-cache.ts';
import { runAdminCliWithInput } from '../../helpers/admin-cli.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { buildTestApp, Clock, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import { api, consoleClient } from '../console/console-fixture.ts';

const OLD = 'Old#2026setpw';
const NEW = 'New#2026setpw';
const WRONG = 'Wrong#2026setpw';

type Caller = 'change' | 'reset' | 'console' | 'cli';
const CALLERS: readonly Caller[] = ['change', 'reset', 'console', 'cli'];

for (const backend of testBackends()) {
  describe(`setPassword, one rule for every caller (${backend.name})`, () => {
    let t: TestApp;
    // The embedded server trusts its session copies for SESSION_RECHECK_MS: the CLI is another process.
    const cacheClock = new Clock();
    before(async () => {
      t = await buildTestApp(backend, { smsResendCooldownMs: 0, sensitivePerMinute: 10_000, loginPerAccountPerMinute: 10_000 }, { sessionCacheClock: cacheClock.now });
    });
    after(() => t.close());

    CALLERS.forEach((caller, n) => {
      it(`${caller}: new password, sessions (portal and console) ended, lockout cleared, OIDC grants revoked`, async () => {
        const username = `setpw${caller}`;
        const phone = `1391234000${n}`;
        const grantId = `setpw-grant-${caller}`;
        // The account, a console session of it and an OIDC grant, as another process would see them.
        const userId = await withAdminContext(t.config, async (ctx) => {
          const user = await createAccount(ctx, { username, phone, kind: 'staff', password: OLD, groups: [], mustChangePassword: false });
          await ctx.consoleSessions.start(user, undefined, 'console');
          const accountId = await ctx.stores.oidcSubjects.subjectOf(user.id);
          await ctx.storage.oidcRecords.upsert('Grant', grantId, { accountId, clientId: 'setpw-app', openid: { scope: 'openid' } }, Date.now() + 3600_000, {});
          return user.id;
        });
        const browser = t.client();
        assert.equal((await browser.login(username, OLD)).body.code, 200);
        assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, true);
        // Four failures: one more would lock the password, unless the count is cleared.
        for (let i = 0; i < 4; i++) assert.equal((await t.client().login(username, WRONG)).body.code, 'AU00100');

        await setBy(t, caller, username, phone);
        cacheClock.advance(SESSION_RECHECK_MS + 1);

        assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the portal session has ended');
        await withAdminContext(t.config, async (ctx) => {
          assert.deepEqual(await ctx.stores.sessions.listUserSessions(userId), [], 'no portal session is left');
          assert.deepEqual(await ctx.stores.consoleSessions.listUserSessions(userId), [], 'no console session is left');
          assert.equal(await ctx.storage.oidcRecords.find('Grant', grantId), null, 'the OIDC grant is revoked');
        });
        assert.equal((await t.client().login(username, WRONG)).body.code, 'AU00100', 'a fifth failure in all, the first after the new password');
        assert.equal((await t.client().login(username, OLD)).body.code, 'AU00100', 'the old password is gone');
        const fresh = await t.client().login(username, NEW);
        // Not 423: the count was cleared. The console's reset always asks for a change at the next sign-in.
        assert.equal(fresh.body.code, caller === 'console' ? 'AU00154' : 200, JSON.stringify(fresh.body));
      });
    });
  });
}

async function setBy(t: TestApp, caller: Caller, username: string, phone: string): Promise<void> {
  const c: Client = t.client();
  switch (caller) {
    case 'change': {
      const answer = await c.post('/api/centerAuth/user/changePassword', {
        json: { userName: username, oldPassword: await c.encrypt(OLD), newPassword: await c.encrypt(NEW), confirmPassword: await c.encrypt(NEW) },
      });
      assert.deepEqual(answer.body, { code: 200, msg: 'success', data: null });
      return;
    }
    case 'reset': {
      assert.equal((await c.get(`/api/centerAuth/msg/resetPassword/send?phone=${phone}`)).body.code, 200);
      const code = t.lastSmsCode(phone);
      assert.ok(code, 'the reset code was sent');
      const answer = await c.post('/api/centerAuth/user/resetPassword', {
        json: { phone, code, newPassword: await c.encrypt(NEW), confirmPassword: await c.encrypt(NEW) },
      });
      assert.deepEqual(answer.body, { code: 200, msg: 'success', data: null });
      return;
    }
    case 'console': {
      const admin = await consoleClient(t);
      const answer = await admin.post(api('consoleResetAccountPassword'), { json: { username, password: await admin.encrypt(NEW) } });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return;
    }
    case 'cli': {
      // The password on standard input, not in argv.
      const run = await runAdminCliWithInput(t.config, ['reset-password', username], `${NEW}\n`);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`password of ${username} reset`));
      assert.ok(!run.argv.some((arg) => arg.includes(NEW)), 'the password never stood in argv');
      return;
    }
  }
}

describe('setPassword is the only writer of a password hash', () => {
  it('no server file but auth/set-password.ts (and the user stores) calls updatePassword', () => {
    const root = path.join(REPO_ROOT, 'server');
    const writers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && /\.updatePassword\(/.test(fs.readFileSync(full, 'utf8'))) writers.push(path.relative(REPO_ROOT, full));
      }
    };
    walk(root);
    assert.deepEqual(writers.sort(), ['server/auth/set-password.ts']);
  });
});

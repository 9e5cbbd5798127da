// 账号 in the console: create (the first sign-in must change the password), search by username,
// phone and group with pages, reset a password, unlock, set groups, grant and revoke the
// administrator role (re-authentication within 5 minutes), keep the last administrator, disable
// (the portal session ends at once, every sign-in method answers AU00160, a login ticket issued
// before does not start a session) and enable; bad input gets a Chinese message and changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { Refusal } from '../../../contract/errors.ts';
import { PasswordProblems } from '../../../contract/rules/password.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { startFakeMessengers, type FakeMessengers } from '../../helpers/fake-messengers.ts';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';
import {
  ADMIN, accountRow, adminActions, api, assertRefused, consoleClient, consoleSignIn, envelopeRefusal, reauth,
} from './console-fixture.ts';

const DISABLED = envelopeRefusal(Refusal.accountDisabled[0], Refusal.accountDisabled[1]);
const FIRST_LOGIN = envelopeRefusal('AU00154', '首次登录，请先修改密码');
const BAD_CREDENTIALS = envelopeRefusal('AU00100', '用户名或密码错误');
const PAGE_PASSWORD = 'Page#2026start';
const DEALER_PHONE = '13800000001';
// Registered for the exeed group in the demo data (test/server/embedding/cors-embed.test.ts).
const EXEED_SITE = 'https://dealer.exeed.example.com';
const PAGE_NONCE = 'brand-page-nonce-0123456789abcdef';

for (const backend of testBackends()) {
  describe(`console accounts (${backend.name})`, () => {
    let t: TestApp;
    let fake: FakeMessengers;
    let admin: Client;
    before(async () => {
      fake = await startFakeMessengers();
      fake.weComCodes.set('wc-zhangwei', 'zhangwei');
      fake.feishuCodes.set('fs-zhangwei', 'on_demo_zhangwei');
      t = await buildTestApp(backend, {
        weComBaseUrl: fake.url, feishuBaseUrl: fake.url, smsResendCooldownMs: 0, sensitivePerMinute: 10_000, loginPerAccountPerMinute: 10_000,
      });
      // 25 accounts for the pages: odd ones in ka, even ones in icar; phones 139111000NN.
      const { users, memberships } = t.ctx.stores;
      const passwordHash = await hashPassword(PAGE_PASSWORD);
      for (let n = 1; n <= 25; n++) {
        const nn = String(n).padStart(2, '0');
        const user = await users.insertUser({
          username: `pageuser${nn}`, phone: `139111000${nn}`, passwordHash, passwordChangedAt: t.clock.now(), mustChangePassword: false, kind: 'dealer',
        });
        await memberships.grant(user.id, n % 2 === 1 ? 'ka' : 'icar');
      }
      admin = await consoleClient(t);
    });
    after(async () => {
      await t.close();
      await fake.close();
    });

    const post = (c: Client, name: Parameters<typeof api>[0], json: unknown) => c.post(api(name), { json });
    const search = async (query: string) => {
      const answer = await admin.get(`${api('consoleSearchAccounts')}?${query}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data as { items: { username: string; [k: string]: unknown }[]; total: number; page: number; pageSize: number };
    };
    /** A fresh administrator's console session, for the calls that ask for a recent password. */
    const freshAdmin = async () => {
      const answer = await reauth(admin);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    };
    const smsLogin = async (c: Client, phone: string) => {
      assert.equal((await c.get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body.code, 200);
      const code = t.lastSmsCode(phone);
      assert.ok(code, 'an SMS code was sent');
      return c.post('/api/centerAuth/sso/doLogin', { form: { phone, code, loginType: '1' } });
    };

    it('creates an account that must change its first password (doLogin AU00154)', async () => {
      const now = t.clock.now();
      const created = await post(admin, 'consoleCreateAccount', {
        username: 'newstaff', phone: '13900000101', kind: 'staff', password: await admin.encrypt('Start#2026pw'), groups: ['ka', 'default'],
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.code, 200);
      const { groups, createdAt, ...account } = created.body.data;
      assert.deepEqual(account, {
        username: 'newstaff', phone: '13900000101', kind: 'staff', isAdmin: false, disabled: false, mustChangePassword: true,
        lockedUntil: null, passwordChangedAt: now, directoryId: null, grantedGroups: ['default', 'ka'], directoryGroups: [],
      });
      // The user store stamps createdAt with the real time, not the app's clock: only roughly now.
      assert.ok(Math.abs(createdAt - Date.now()) < 60_000, String(createdAt));
      assert.deepEqual([...groups].sort(), ['default', 'ka']);
      assert.deepEqual((await t.client().login('newstaff', 'Start#2026pw')).body, FIRST_LOGIN);
      assert.deepEqual((await t.client().login('newstaff', 'Wrong#2026pw')).body, BAD_CREDENTIALS);
      const row = (await adminActions(admin)).find((a) => a.action === 'account.create' && a.target === 'newstaff');
      assert.ok(row, 'an admin-action row');
      assert.equal(row.actor, ADMIN.username);
      assert.equal(row.before, null);
      assert.equal(JSON.parse(row.after).username, 'newstaff');
    });

    it('refuses bad input with a Chinese message and creates nothing', async () => {
      const body = async (fields: Record<string, unknown>) => ({
        username: 'ghost', phone: null, kind: 'staff', password: await admin.encrypt('Spooky#2026pw'), groups: [], ...fields,
      });
      const unknownGroup = await post(admin, 'consoleCreateAccount', await body({ groups: ['default', 'nosuch'] }));
      assertRefused(unknownGroup, 'badInput', 'unknown group', '客户群不存在：nosuch');
      const weak = await post(admin, 'consoleCreateAccount', await body({ password: await admin.encrypt('weakpassword') }));
      assertRefused(weak, 'badInput', 'weak password', PasswordProblems.shape);
      const takenPhone = await post(admin, 'consoleCreateAccount', await body({ phone: DEALER_PHONE }));
      assertRefused(takenPhone, 'exists', 'phone taken', `手机号 ${DEALER_PHONE} 已经存在`);
      const badName = await post(admin, 'consoleCreateAccount', await body({ username: 'Ghost.Name' }));
      assert.deepEqual({ status: badName.status, body: badName.body }, { status: 400, body: { code: 400, msg: '参数 username 格式不正确', data: null } });
      const plain = await post(admin, 'consoleCreateAccount', { ...(await body({})), password: 'Spooky#2026pw' });
      assert.equal(plain.status, 400);
      assert.equal(plain.body.msg, '密码格式不正确，请刷新页面后重试');
      assert.equal((await search('q=ghost')).total, 0, 'no account ghost');
      assert.equal(await t.ctx.stores.users.findUserByName('ghost'), null);

      const duplicate = await post(admin, 'consoleCreateAccount', await body({ username: 'zhangwei' }));
      assertRefused(duplicate, 'exists', 'duplicate username', '用户名 zhangwei 已经存在');
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200, 'zhangwei is untouched');
      assert.equal((await adminActions(admin)).filter((a) => a.target === 'ghost').length, 0, 'no audit row for a refused change');
    });

    it('searches by username, phone and group, 20 to a page', async () => {
      const first = await search('q=pageuser');
      assert.deepEqual([first.total, first.page, first.pageSize, first.items.length], [25, 1, 20, 20]);
      const second = await search('q=pageuser&page=2');
      assert.deepEqual([second.total, second.page, second.items.length], [25, 2, 5]);
      assert.equal((await search('q=pageuser&page=3')).items.length, 0);
      const all = [...first.items, ...second.items].map((a) => a.username);
      assert.equal(new Set(all).size, 25, 'no account on two pages');
      assert.deepEqual([...all].sort(), Array.from({ length: 25 }, (_, i) => `pageuser${String(i + 1).padStart(2, '0')}`));

      assert.deepEqual((await search('q=13911100007')).items.map((a) => a.username), ['pageuser07'], 'a whole phone number');
      const byPhonePart = await search('q=1391110001');
      assert.deepEqual(byPhonePart.items.map((a) => a.username).sort(), Array.from({ length: 10 }, (_, i) => `pageuser1${i}`), 'part of a phone');

      const ka = await search('q=pageuser&group=ka');
      assert.equal(ka.total, 13);
      assert.ok(ka.items.every((a) => (a.groups as string[]).includes('ka')));
      const icar = await search('group=icar');
      assert.ok(icar.items.some((a) => a.username === 'dealer01'), 'dealer01 is in icar');
      assert.equal(icar.items.filter((a) => a.username.startsWith('pageuser')).length, 12);
      assert.equal((await search('q=pageuser&group=operation')).total, 0);
      assert.equal((await search('q=nobody-like-this')).total, 0);
      const badGroup = await admin.get(`${api('consoleSearchAccounts')}?group=Not_A_Code`);
      assert.equal(badGroup.status, 400);
      assert.equal(badGroup.body.data, null);
    });

    it('resets a password: the account must change it at its next sign-in, and its sessions end', async () => {
      const user = t.client();
      assert.equal((await user.login('pageuser01', PAGE_PASSWORD)).body.code, 200);
      const reset = await post(admin, 'consoleResetAccountPassword', { username: 'pageuser01', password: await admin.encrypt('Reset#2026pw') });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      assert.equal(reset.body.data.mustChangePassword, true);
      assert.equal((await user.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the session ended');
      assert.deepEqual((await t.client().login('pageuser01', PAGE_PASSWORD)).body, BAD_CREDENTIALS);
      assert.deepEqual((await t.client().login('pageuser01', 'Reset#2026pw')).body, FIRST_LOGIN);
      const weak = await post(admin, 'consoleResetAccountPassword', { username: 'pageuser01', password: await admin.encrypt('short') });
      assertRefused(weak, 'badInput', 'a weak new password', PasswordProblems.shape);
      const nobody = await post(admin, 'consoleResetAccountPassword', { username: 'nobody', password: await admin.encrypt('Reset#2026pw') });
      assertRefused(nobody, 'notFound', 'an unknown account', '账号 nobody 不存在');
    });

    it('unlocks an account locked by 5 wrong passwords (423), and it signs in again', async () => {
      const c = t.client();
      let last;
      for (let i = 0; i < 5; i++) last = await c.login('pageuser02', `Wrong#2026x${i}`);
      assert.equal(last!.status, 423);
      assert.equal((await c.login('pageuser02', PAGE_PASSWORD)).status, 423, 'the right password is refused while locked');
      const locked = await accountRow(admin, 'pageuser02');
      assert.ok(locked && typeof locked.lockedUntil === 'number' && locked.lockedUntil > t.clock.now(), JSON.stringify(locked));
      const unlocked = await post(admin, 'consoleUnlockAccount', { username: 'pageuser02' });
      assert.equal(unlocked.status, 200);
      assert.equal(unlocked.body.data.lockedUntil, null);
      const login = await c.login('pageuser02', PAGE_PASSWORD);
      assert.deepEqual({ status: login.status, code: login.body.code }, { status: 200, code: 200 });
      const row = (await adminActions(admin)).find((a) => a.action === 'account.unlock' && a.target === 'pageuser02');
      assert.ok(row && JSON.parse(row.before).lockedUntil !== null && JSON.parse(row.after).lockedUntil === null, JSON.stringify(row));
    });

    it('sets the groups of an account (exactly those); an unknown group changes nothing', async () => {
      const set = await post(admin, 'consoleSetAccountGroups', { username: 'pageuser03', groups: ['exeed', 'yingfeng'] });
      assert.equal(set.status, 200);
      assert.deepEqual([...set.body.data.groups].sort(), ['exeed', 'yingfeng']);
      const refused = await post(admin, 'consoleSetAccountGroups', { username: 'pageuser03', groups: ['exeed', 'nosuch'] });
      assertRefused(refused, 'badInput', 'unknown group', '客户群不存在：nosuch');
      assert.deepEqual([...(await accountRow(admin, 'pageuser03'))!.groups].sort(), ['exeed', 'yingfeng'], 'unchanged');
      assert.equal((await search('q=pageuser03&group=ka')).total, 0, 'no longer in ka');
    });

    it('grants and revokes the administrator role only within 5 minutes of the password (AU00602, then reauth)', async () => {
      await freshAdmin();
      t.clock.advance(6 * 60_000);
      const stale = await post(admin, 'consoleSetAccountAdmin', { username: 'zhangwei', admin: true });
      assertRefused(stale, 'reauthRequired');
      assert.equal((await accountRow(admin, 'zhangwei'))!.isAdmin, false, 'nothing changed');
      assert.equal((await admin.get(api('consoleMe'))).status, 200, 'the session itself lives on');

      const wrong = await reauth(admin, 'Wrong#2026pw');
      assert.deepEqual({ status: wrong.status, body: wrong.body }, { status: 200, body: BAD_CREDENTIALS });
      assertRefused(await post(admin, 'consoleSetAccountAdmin', { username: 'zhangwei', admin: true }), 'reauthRequired', 'a wrong password is no re-authentication');
      const again = await reauth(admin);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body.data, { username: ADMIN.username, reauthUntil: t.clock.now() + 5 * 60_000, idleUntil: t.clock.now() + 15 * 60_000 });
      const granted = await post(admin, 'consoleSetAccountAdmin', { username: 'zhangwei', admin: true });
      assert.equal(granted.status, 200, JSON.stringify(granted.body));
      assert.equal(granted.body.data.isAdmin, true);
      const zhangwei = await consoleClient(t, 'zhangwei', DEMO.zhangwei);

      t.clock.advance(6 * 60_000);
      assertRefused(await post(admin, 'consoleSetAccountAdmin', { username: 'zhangwei', admin: false }), 'reauthRequired', 'revoking asks too');
      await freshAdmin();
      const revoked = await post(admin, 'consoleSetAccountAdmin', { username: 'zhangwei', admin: false });
      assert.equal(revoked.body.data.isAdmin, false);
      const gone = await zhangwei.get(api('consoleMe'));
      assert.equal(gone.body.data, null, "the former administrator's console session shows nothing");
      assert.ok(gone.status === 200 || gone.status === 403, String(gone.status));
      assertRefused(await consoleSignIn(t.client(), 'zhangwei', DEMO.zhangwei), 'notAdmin');
      const rows = (await adminActions(admin)).filter((a) => a.target === 'zhangwei' && a.action.endsWith('-admin'));
      assert.deepEqual(rows.map((a) => [a.action, JSON.parse(a.before).isAdmin, JSON.parse(a.after).isAdmin]),
        [['account.revoke-admin', true, false], ['account.grant-admin', false, true]]);
    });

    it('the last administrator can neither revoke his own role nor be disabled (409 AU00604)', async () => {
      await freshAdmin();
      assertRefused(await post(admin, 'consoleSetAccountAdmin', { username: ADMIN.username, admin: false }), 'lastAdmin');
      assertRefused(await post(admin, 'consoleSetAccountDisabled', { username: ADMIN.username, disabled: true }), 'lastAdmin');
      const row = await accountRow(admin, ADMIN.username);
      assert.deepEqual([row!.isAdmin, row!.disabled], [true, false]);
      assert.equal((await admin.get(api('consoleMe'))).body.data.username, ADMIN.username, 'his session lives on');
      assert.equal(await t.ctx.stores.users.countActiveAdmins(), 1);
    });

    it('disabling ends the portal session at once and every sign-in method answers AU00160; enabling restores them', async () => {
      const browser = t.client();
      assert.equal((await browser.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      const dealer = t.client();
      assert.equal((await smsLogin(dealer, DEALER_PHONE)).body.code, 200);

      const disabled = await post(admin, 'consoleSetAccountDisabled', { username: 'zhangwei', disabled: true });
      assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
      assert.equal(disabled.body.data.disabled, true);
      assert.equal((await post(admin, 'consoleSetAccountDisabled', { username: 'dealer01', disabled: true })).body.data.disabled, true);

      assert.equal((await browser.get('/api/centerAuth/sso/isLogin')).body.data, false, 'the portal session ended at once');
      assert.deepEqual((await browser.get('/api/centerAuth/user/curLogin/info')).body,
        envelopeRefusal(Refusal.notLoggedIn[0], Refusal.notLoggedIn[1]));
      assert.equal((await dealer.get('/api/centerAuth/sso/isLogin')).body.data, false);

      assert.deepEqual((await t.client().login('zhangwei', DEMO.zhangwei)).body, DISABLED, 'password');
      assert.deepEqual((await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-zhangwei&ssoDomain=localhost')).body, DISABLED, 'WeCom');
      assert.deepEqual((await t.client().get('/api/centerAuth/sso/feishu/loginByCode?code=fs-zhangwei&ssoDomain=localhost')).body, DISABLED, 'Feishu');
      const sms = t.client();
      assert.deepEqual((await smsLogin(sms, DEALER_PHONE)).body, DISABLED, 'SMS code');
      assert.equal(sms.cookies.has('sso_sid'), false);
      const change = await t.client().post('/api/centerAuth/user/changePassword', {
        json: {
          userName: 'zhangwei', oldPassword: await admin.encrypt(DEMO.zhangwei),
          newPassword: await admin.encrypt('Other#2026pw'), confirmPassword: await admin.encrypt('Other#2026pw'),
        },
      });
      assert.deepEqual(change.body, DISABLED, 'changePassword');
      // A wrong password still answers AU00100: being disabled tells nothing to someone without it.
      assert.deepEqual((await t.client().login('zhangwei', 'Wrong#2026pw')).body, BAD_CREDENTIALS);

      const audit = (await admin.get(`${api('consoleSignInAudit')}?username=zhangwei&result=disabled`)).body.data;
      assert.deepEqual([...new Set((audit.items as { method: string }[]).map((row) => row.method))].sort(), ['feishu', 'password', 'wecom']);

      assert.equal((await post(admin, 'consoleSetAccountDisabled', { username: 'zhangwei', disabled: false })).body.data.disabled, false);
      assert.equal((await post(admin, 'consoleSetAccountDisabled', { username: 'dealer01', disabled: false })).body.data.disabled, false);
      assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
      assert.equal((await t.client().get('/api/centerAuth/sso/WeCom/loginByCode?code=wc-zhangwei&ssoDomain=localhost')).body.code, 200);
      assert.equal((await smsLogin(t.client(), DEALER_PHONE)).body.code, 200);
      const rows = (await adminActions(admin)).filter((a) => a.target === 'zhangwei' && /^account\.(dis|en)able$/.test(a.action));
      assert.deepEqual(rows.map((a) => [a.action, JSON.parse(a.before).disabled, JSON.parse(a.after).disabled]),
        [['account.enable', true, false], ['account.disable', false, true]]);
    });

    it('a login ticket of an embedded sign-in, issued before the account was disabled, starts no session after', async () => {
      // pageuser03 is a member of exeed (the test of groups above), whose brand site embeds the login.
      const ticketPath = await embeddedTicket(t, 'pageuser03', PAGE_PASSWORD);
      assert.equal((await post(admin, 'consoleSetAccountDisabled', { username: 'pageuser03', disabled: true })).body.data.disabled, true);
      const redeem = await t.app.inject({ method: 'GET', url: ticketPath, headers: { host: 'sso.localhost:8080', referer: `${EXEED_SITE}/` } });
      const session = redeem.cookies.find((cookie) => cookie.name === 'sso_sid' && cookie.value !== '');
      const signedIn = session
        ? (await t.app.inject({ method: 'GET', url: '/api/centerAuth/sso/isLogin', headers: { host: 'sso.localhost:8080', cookie: `sso_sid=${session.value}` } })).json().data
        : false;
      await post(admin, 'consoleSetAccountDisabled', { username: 'pageuser03', disabled: false });
      assert.equal(signedIn, false,
        `a disabled account got a session from a ticket issued before (HTTP ${redeem.statusCode} ${redeem.headers.location ?? ''})`);
      assert.notEqual(redeem.statusCode, 303);
    });

    it("lists an account's portal sessions and ends one of them", async () => {
      const one = t.client();
      const two = t.client();
      assert.equal((await one.login('pageuser04', PAGE_PASSWORD)).body.code, 200);
      assert.equal((await two.login('pageuser04', PAGE_PASSWORD)).body.code, 200);
      const listed = await admin.get(`${api('consoleAccountSessions')}?username=pageuser04`);
      assert.equal(listed.body.data.length, 2);
      for (const session of listed.body.data) {
        assert.notEqual(session.id, one.cookies.get('sso_sid'), 'a handle, never the cookie');
      }
      const ended = await post(admin, 'consoleEndAccountSessions', { username: 'pageuser04', id: listed.body.data[0].id });
      assert.deepEqual(ended.body.data, { ended: 1 });
      const states = [(await one.get('/api/centerAuth/sso/isLogin')).body.data, (await two.get('/api/centerAuth/sso/isLogin')).body.data];
      assert.deepEqual([...states].sort(), [false, true], 'exactly one of the two ended');
      assert.deepEqual((await post(admin, 'consoleEndAccountSessions', { username: 'pageuser04' })).body.data, { ended: 1 });
      assert.equal((await admin.get(`${api('consoleAccountSessions')}?username=pageuser04`)).body.data.length, 0);
      assertRefused(await post(admin, 'consoleEndAccountSessions', { username: 'pageuser04', id: 'gone' }), 'notFound', '', '该会话已结束');
    });
  });
}

/**
 * What the embedded <sso-login> on a brand site does (test/server/embedding/cors-embed.test.ts): doLogin
 * across origins answers a one-time ticket; answers the redeem path with the page's proof.
 */
async function embeddedTicket(t: TestApp, username: string, password: string): Promise<string> {
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, form?: Record<string, string>): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method, url,
      headers: { host: 'sso.localhost:8080', ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
  const first = await inject('GET', '/api/centerAuth/sso/isLogin', { origin: EXEED_SITE });
  const token = String(first.headers['x-xsrf-token']);
  const pwd = await t.client().encrypt(password);
  const login = await inject('POST', '/api/centerAuth/sso/doLogin', { origin: EXEED_SITE, 'x-xsrf-token': token, 'x-login-binding': PAGE_NONCE }, {
    name: username, pwd, loginType: '0', ssoDomain: 'exeed.localhost',
  });
  const body = login.json();
  assert.equal(body.code, 200, JSON.stringify(body));
  const redirect = new URL(body.data.redirect as string);
  return `${redirect.pathname}${redirect.search}&proof=${PAGE_NONCE}`;
}

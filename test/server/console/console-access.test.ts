// Who may use the operator console's API: every console call (all of contract/endpoints whose name
// starts with "console", but the setup and the session calls) answers 401 AU00600 without a console
// session (GET /console/me, the page's probe: 200 with data null) and 403 AU00601 for an account that is not an administrator, with data null and
// nothing changed; a portal session is not a console session; every console POST needs the XSRF
// header even with an administrator's session; an administrator whose role is revoked by another
// is refused; and a console session ends after 15 minutes without use (and after 8 hours in all).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { buildTestApp, DEMO, testBackends, type Answer, type Client, type TestApp } from '../../helpers/test-app.ts';
import {
  ADMIN, adminActions, api, assertNoConsoleSession, assertRefused, casServiceBody, clientBody, consoleClient, consoleSignIn, groupBody, rawConsoleSession, reauth, samlSpBody,
  XSRF_REFUSAL, type ConsoleEndpointName,
} from './console-fixture.ts';

/** The calls anyone may make: the first-start setup and the console's own sign-in and sign-out. */
const OPEN = new Set<string>([
  'consoleSetupState', 'consoleSetupNeeded', 'consoleCompleteSetup', 'consoleSignIn', 'consoleSignOut',
  // The sign-in's second step: a challenge of a right password, not a session (console-second-factor.test.ts).
  'consoleVerifySecondFactor', 'consoleStartEnrolment', 'consoleConfirmEnrolment',
]);

const guardedNames = (Object.keys(endpoints) as (keyof typeof endpoints)[])
  .filter((name): name is ConsoleEndpointName => name.startsWith('console') && !OPEN.has(name));

/**
 * One well-formed request per guarded call (the schema would refuse a malformed one before the
 * session is looked at), each of which would change or show something if it were let through.
 * A console call added to the contract without a line here fails the first test.
 */
function sampleRequests(cipher: string): Record<ConsoleEndpointName, { query?: string; json?: unknown }> {
  return {
    consoleSetupState: { query: 'token=x' },
    consoleSetupNeeded: {},
    consoleCompleteSetup: { json: {} },
    consoleSignIn: { json: {} },
    consoleSignOut: { json: {} },
    consoleVerifySecondFactor: { json: {} },
    consoleStartEnrolment: { json: {} },
    consoleConfirmEnrolment: { json: {} },
    consoleReauth: { json: { password: cipher } },
    consoleMe: {},
    consoleListClients: {},
    consoleSaveClient: { json: clientBody('intruder-app') },
    consoleSetClientDisabled: { json: { clientId: 'intruder-app', disabled: true } },
    consoleRemoveClient: { json: { clientId: 'intruder-app' } },
    consoleRotateClientSecret: { json: { clientId: 'intruder-app', graceMinutes: 0 } },
    consoleRotateSigningKey: { json: {} },
    consoleListProtocolApps: {},
    consoleSaveCasService: { json: casServiceBody('intruder-cas', { services: ['https://evil.example.net/*'] }) },
    consoleSaveSamlSp: { json: samlSpBody('intruder-sp', '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://evil.example.net/"/>') },
    consoleRemoveProtocolApp: { json: { id: 'intruder-cas' } },
    consoleFetchSamlMetadata: { json: { url: 'https://sp.example.com/metadata' } },
    consoleListApps: {},
    consoleSaveApp: {
      json: {
        id: 'intruder-card', groupCode: 'default', name: '钓鱼', logo: '', intro: '', autoLoginUrl: 'https://evil.example.net/',
        oidcClientId: null, sortOrder: 0, visible: true, isNew: true,
      },
    },
    consoleRemoveApp: { json: { id: 'intruder-card' } },
    consoleListGroups: {},
    consoleSaveGroup: { json: groupBody('intruders') },
    consoleRemoveGroup: { json: { code: 'intruders' } },
    consoleSearchAccounts: { query: 'q=zhang' },
    consoleCreateAccount: { json: { username: 'intruder', phone: null, kind: 'staff', password: cipher, groups: [] } },
    consoleResetAccountPassword: { json: { username: 'zhangwei', password: cipher } },
    consoleUnlockAccount: { json: { username: 'zhangwei' } },
    consoleSetAccountDisabled: { json: { username: 'zhangwei', disabled: true } },
    consoleSetAccountGroups: { json: { username: 'zhangwei', groups: [] } },
    consoleSetAccountAdmin: { json: { username: 'zhangwei', admin: true } },
    consoleAccountSessions: { query: 'username=zhangwei' },
    consoleEndAccountSessions: { json: { username: 'zhangwei' } },
    consoleSignInAudit: {},
    consoleSignInAuditCsv: {},
    consoleAdminActionAudit: {},
    consoleListDirectories: {},
    consoleSaveDirectory: {
      json: {
        id: 'intruder-dir', name: '钓鱼', urls: ['ldap://127.0.0.1:1'], startTls: false, caFile: null, bindDn: 'cn=x', bindPassword: cipher,
        baseDn: 'dc=x', userFilter: '(uid=*)', usernameAttribute: 'uid', phoneAttribute: 'mobile', nameAttribute: 'cn', disabledFilter: null,
        groupMappings: [], accountType: 'staff', kind: 'ldap', passwordWriteBack: false, syncMinutes: 15, connectTimeoutMs: 3000, expectedUpdatedAt: null,
      },
    },
    consoleRemoveDirectory: { json: { id: 'intruder-dir' } },
    consoleTestDirectory: { json: { id: 'intruder-dir' } },
    consoleSyncDirectory: { json: { id: 'intruder-dir' } },
  };
}

async function call(c: Client, name: ConsoleEndpointName, cipher: string, options: { xsrf?: boolean } = {}): Promise<Answer> {
  const { method } = endpoints[name];
  const sample = sampleRequests(cipher)[name];
  const url = sample.query ? `${api(name)}?${sample.query}` : api(name);
  return method === 'GET' ? c.get(url, options) : c.post(url, { json: sample.json ?? {}, ...options });
}

for (const backend of testBackends()) {
  describe(`console access (${backend.name})`, () => {
    let t: TestApp;
    let cipher: string;
    before(async () => {
      // Many console sign-ins from one address: the per-IP limit is not what these tests are about.
      t = await buildTestApp(backend, { sensitivePerMinute: 10_000 });
      cipher = await t.client().encrypt('Any#2026password');
    });
    after(() => t.close());

    /** Nothing a refused call asked for happened. */
    async function nothingChanged(): Promise<void> {
      const admin = await consoleClient(t);
      const clients = (await admin.get(api('consoleListClients'))).body.data as { clientId: string }[];
      assert.equal(clients.some((client) => client.clientId === 'intruder-app'), false, 'no client saved');
      const groups = (await admin.get(api('consoleListGroups'))).body.data as { code: string }[];
      assert.equal(groups.some((group) => group.code === 'intruders'), false, 'no group saved');
      const apps = (await admin.get(api('consoleListApps'))).body.data as { id: string }[];
      assert.equal(apps.some((app) => app.id === 'intruder-card'), false, 'no app card saved');
      const protocolApps = (await admin.get(api('consoleListProtocolApps'))).body.data as { id: string }[];
      assert.deepEqual(protocolApps.filter((app) => app.id.startsWith('intruder')), [], 'no CAS service or SAML SP saved');
      const accounts = (await admin.get(`${api('consoleSearchAccounts')}?q=intruder`)).body.data;
      assert.equal(accounts.total, 0, 'no account created');
      const zhangwei = (await admin.get(`${api('consoleSearchAccounts')}?q=zhangwei`)).body.data.items[0];
      assert.deepEqual([zhangwei.isAdmin, zhangwei.disabled, zhangwei.mustChangePassword, zhangwei.groups.length > 0], [false, false, false, true]);
      assert.deepEqual(await adminActions(admin), [], 'no administrator action was recorded');
      await admin.post(api('consoleSignOut'), { json: {} });
    }

    it('names every console call of the contract in its sample table', () => {
      const table = sampleRequests('x');
      for (const name of guardedNames) assert.ok(name in table, `no sample request for ${name}`);
      assert.ok(guardedNames.length >= 20, `only ${guardedNames.length} guarded calls found`);
    });

    it('answers 401 AU00600 with data null to every console call without a console session', async () => {
      const stranger = t.client();
      for (const name of guardedNames) {
        const answer = await call(stranger, name, cipher);
        // The page's probe says "nobody" instead (HTTP 200, data null): nothing for the browser to log.
        if (name === 'consoleMe') assertNoConsoleSession(answer, name);
        else assertRefused(answer, 'notSignedIn', name);
      }
      await nothingChanged();
    });

    it('a portal session (doLogin) is not a console session: 401 AU00600 to every call, for an administrator too', async () => {
      const portal = t.client();
      assert.equal((await portal.login('zhangwei', DEMO.zhangwei)).body.code, 200);
      assert.equal((await portal.get('/api/centerAuth/sso/isLogin')).body.data, true);
      for (const name of guardedNames) {
        const answer = await call(portal, name, cipher);
        if (name === 'consoleMe') assertNoConsoleSession(answer, `zhangwei's portal session: ${name}`);
        else assertRefused(answer, 'notSignedIn', `zhangwei's portal session: ${name}`);
      }
      const adminPortal = t.client();
      assert.equal((await adminPortal.login(ADMIN.username, ADMIN.password)).body.code, 200);
      assertNoConsoleSession(await adminPortal.get(api('consoleMe')), "the administrator's portal session");
      assert.equal(adminPortal.cookies.has('sso_console'), false);
      await nothingChanged();
    });

    it('a forged or unknown console cookie is no session', async () => {
      const forged = t.client();
      forged.cookies.set('sso_console', 'x'.repeat(43));
      assertNoConsoleSession(await forged.get(api('consoleMe')));
      assert.equal(forged.cookies.has('sso_console'), false, 'the cookie is cleared');
    });

    it('a non-administrator cannot sign in to the console: 403 AU00601, no cookie; a wrong password stays AU00100', async () => {
      const c = t.client();
      assertRefused(await consoleSignIn(c, 'zhangwei', DEMO.zhangwei), 'notAdmin');
      assert.equal(c.cookies.has('sso_console'), false);
      const wrong = await consoleSignIn(c, 'zhangwei', 'Wrong#2026pw');
      assert.equal(wrong.status, 200);
      assert.deepEqual(wrong.body, { code: 'AU00100', errorCode: 'AU00100', msg: '用户名或密码错误', data: null });
      assert.equal(c.cookies.has('sso_console'), false);
    });

    it("answers 403 AU00601 to every call on a non-administrator's console session, and ends that session", async () => {
      for (const name of guardedNames) {
        const c = await rawConsoleSession(t, 'zhangwei');
        assertRefused(await call(c, name, cipher), 'notAdmin', name);
        assert.equal(c.cookies.has('sso_console'), false, `${name}: the cookie is cleared`);
      }
      // The session itself ended: its cookie, sent again, is no session at all.
      const c = await rawConsoleSession(t, 'zhangwei');
      const sid = c.cookies.get('sso_console')!;
      assertRefused(await c.get(api('consoleMe')), 'notAdmin');
      c.cookies.set('sso_console', sid);
      assertNoConsoleSession(await c.get(api('consoleMe')), 'the refused session was ended');
      await nothingChanged();
    });

    it('refuses every console POST without the XSRF header (403, the XSRF text), even with an administrator\'s session', async () => {
      const admin = await consoleClient(t);
      const posts = (Object.keys(endpoints) as (keyof typeof endpoints)[])
        .filter((name): name is ConsoleEndpointName => name.startsWith('console') && endpoints[name].method === 'POST');
      assert.ok(posts.includes('consoleSignIn') && posts.includes('consoleSignOut') && posts.includes('consoleCompleteSetup'));
      for (const name of posts) {
        const answer = await call(admin, name, cipher, { xsrf: false });
        assert.deepEqual({ status: answer.status, body: answer.body }, XSRF_REFUSAL, name);
      }
      // A wrong token is no better than none.
      const wrong = await admin.post(api('consoleSetAccountDisabled'), { json: { username: 'zhangwei', disabled: true }, xsrf: 'forged-token' });
      assert.deepEqual({ status: wrong.status, body: wrong.body }, XSRF_REFUSAL);
      // The session is still there (the sign-out without the header did not end it) and nothing changed.
      assert.equal((await admin.get(api('consoleMe'))).body.data.username, ADMIN.username);
      await nothingChanged();
    });

    it('signs out: the console session ends and its cookie is cleared', async () => {
      const admin = await consoleClient(t);
      const sid = admin.cookies.get('sso_console')!;
      const out = await admin.post(api('consoleSignOut'), { json: {} });
      assert.deepEqual({ status: out.status, body: out.body }, { status: 200, body: { code: 200, msg: 'success', data: null } });
      assert.equal(admin.cookies.has('sso_console'), false);
      admin.cookies.set('sso_console', sid);
      assertNoConsoleSession(await admin.get(api('consoleMe')), 'the old cookie after sign-out');
    });

    it('the console cookie is HttpOnly, SameSite=Strict, path /', async () => {
      const c = t.client();
      const answer = await consoleSignIn(c, ADMIN.username, ADMIN.password);
      const cookie = answer.cookies.find((k) => k.name === 'sso_console');
      assert.ok(cookie, JSON.stringify(answer.cookies));
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Strict');
      assert.equal(cookie.path, '/');
      assert.notEqual(cookie.value, c.cookies.get('sso_sid'), 'not the portal session');
    });

    it('ends a console session after 15 minutes without use (use keeps it), and after 8 hours in all', async () => {
      const admin = await consoleClient(t);
      const me = async () => admin.get(api('consoleMe'));
      t.clock.advance(10 * 60_000);
      const first = await me();
      assert.equal(first.status, 200);
      assert.equal(first.body.data.idleUntil, t.clock.now() + 15 * 60_000, 'idleUntil moves with use');
      t.clock.advance(10 * 60_000);
      assert.equal((await me()).body.data?.username, ADMIN.username, '20 minutes after the sign-in, 10 after the last use');
      t.clock.advance(15 * 60_000 + 1000);
      assertNoConsoleSession(await me(), '15 minutes idle');
      assert.equal(admin.cookies.has('sso_console'), false, 'the cookie is cleared');

      const busy = await consoleClient(t);
      const started = t.clock.now();
      while (t.clock.now() - started < 8 * 3600_000 - 14 * 60_000) {
        t.clock.advance(14 * 60_000);
        assert.equal((await busy.get(api('consoleMe'))).body.data?.username, ADMIN.username);
      }
      t.clock.advance(14 * 60_000);
      assertNoConsoleSession(await busy.get(api('consoleMe')), 'past the 8 hour absolute limit');
    });

    // Last: it leaves a second administrator behind.
    it("ends an administrator's console sessions once another administrator revoked his role (401, and 403 AU00601 at sign-in)", async () => {
      const first = await consoleClient(t);
      // A second administrator: created, granted (the first's session is fresh), signed in.
      const created = await first.post(api('consoleCreateAccount'), {
        json: { username: 'second', phone: null, kind: 'staff', password: await first.encrypt('Deputy#2026pw'), groups: [] },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal((await first.post(api('consoleSetAccountAdmin'), { json: { username: 'second', admin: true } })).status, 200);
      // The password an administrator chose is changed on the login page before the console opens (AU00609).
      assertRefused(await consoleSignIn(t.client(), 'second', 'Deputy#2026pw'), 'mustChangePassword', 'an initial password');
      const changer = t.client();
      const changed = await changer.post('/api/centerAuth/user/changePassword', {
        json: {
          userName: 'second', oldPassword: await changer.encrypt('Deputy#2026pw'),
          newPassword: await changer.encrypt('Deputy#2026own'), confirmPassword: await changer.encrypt('Deputy#2026own'),
        },
      });
      assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
      const second = await consoleClient(t, 'second', 'Deputy#2026own');
      const revoked = await second.post(api('consoleSetAccountAdmin'), { json: { username: ADMIN.username, admin: false } });
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      assert.equal(revoked.body.data.isAdmin, false);
      const stale = await first.get(api('consoleMe'));
      assert.equal(stale.body.data, null, 'no data for the revoked administrator');
      assert.equal(first.cookies.has('sso_console'), false);
      assertRefused(await consoleSignIn(t.client(), ADMIN.username, ADMIN.password), 'notAdmin', 'nor can he sign in again');
      // The role comes back through the other administrator (a fresh sign-in, so no re-authentication).
      assert.equal((await reauth(second, 'Deputy#2026own')).status, 200);
      assert.equal((await second.post(api('consoleSetAccountAdmin'), { json: { username: ADMIN.username, admin: true } })).body.data.isAdmin, true);
      await consoleClient(t);
      // His console sessions ended with the role: the page asks him to sign in again (AU00600),
      // where he was told he is no longer an administrator (AU00601, above).
      assertNoConsoleSession(stale, "the revoked administrator's session");
    });
  });
}

// Disabling an account in the console ends its access in the apps too: a real relying party
// (test/helpers/relying-party.ts, openid-client), registered through the console with a
// back-channel logout URI, receives a logout token; the refresh token an app holds is refused
// (invalid_grant) and the old access token no longer reaches userinfo. The account's grants are
// revoked even when its portal session was already gone (ended in the store without the provider
// hearing of it, as after a lost Redis): by disabling, and by ending its sessions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oidc from 'openid-client';
import { startRelyingParty, untilClientsKnown, type RelyingParty, type RelyingPartyOptions } from '../../helpers/relying-party.ts';
import { buildTestApp, DEMO, testBackends, type Answer, type Client, type TestApp } from '../../helpers/test-app.ts';
import { waitUntil } from '../../helpers/wait-until.ts';
import { Browser } from '../oidc/browser.ts';
import { codeFlow, exchange, REDIRECT_URI } from '../oidc/oidc-fixture.ts';
import { api, clientBody, consoleClient, listen, registerClient } from './console-fixture.ts';

const CLIENT_ID = 'rp-console';
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

type Tokens = Awaited<ReturnType<typeof exchange>>;

for (const backend of testBackends()) {
  describe(`disabling an account ends its OpenID Connect access (${backend.name})`, () => {
    let t: TestApp;
    let issuer: string;
    let admin: Client;
    let rp: RelyingParty;
    let secret: string;
    let saved: Answer;
    let config: oidc.Configuration;
    before(async () => {
      // The sweep that finds ended portal sessions by itself runs once an hour here: what ends the
      // access below is the console's action, nothing else.
      t = await buildTestApp(backend, { oidcClientCheckMs: 100, oidcLogoutSweepMs: 3600_000, sensitivePerMinute: 10_000 });
      issuer = await listen(t);
      admin = await consoleClient(t);
      // The app's secret exists only once the console registered it with the app's own URIs:
      // the relying party reads its options when the first person arrives.
      const options: RelyingPartyOptions = { title: '应用 A', clientId: CLIENT_ID, clientSecret: '', issuer };
      rp = await startRelyingParty(options);
      const registered = await registerClient(t, admin, clientBody(CLIENT_ID, {
        name: '应用 A', redirectUris: [rp.redirectUri, REDIRECT_URI], postLogoutRedirectUris: [rp.postLogoutRedirectUri],
        backchannelLogoutUri: rp.backchannelLogoutUri, initiateLoginUri: rp.initiateLoginUri,
      }));
      saved = registered.created;
      secret = registered.secret!;
      options.clientSecret = secret;
      await untilClientsKnown(issuer, [{ clientId: CLIENT_ID, redirectUri: rp.redirectUri }]);
      config = await oidc.discovery(new URL(issuer), CLIENT_ID, undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
    });
    after(async () => {
      await rp?.close();
      await t?.close();
    });

    const setDisabled = async (username: string, disabled: boolean) => {
      const answer = await admin.post(api('consoleSetAccountDisabled'), { json: { username, disabled } });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.data.disabled, disabled);
    };
    const refused = (promise: Promise<unknown>, why: string) =>
      assert.rejects(promise, (error: { error?: string }) => {
        assert.equal(error.error, 'invalid_grant', why);
        return true;
      });
    const userinfoStatus = async (tokens: { access_token: string }) =>
      (await fetch(`${issuer}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status;

    /** Signs zhangwei into the portal and into the app twice: through the relying party's own pages, and a code flow whose tokens the test holds. */
    async function signedIn(): Promise<{ browser: Browser; tokens: Tokens }> {
      const browser = new Browser(issuer);
      assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
      const { response } = await browser.follow(`${rp.origin}/login`, 'http://never.invalid/');
      assert.match(await response!.text(), /已登录：zhangwei/, 'the app signed zhangwei in');
      const tokens = await exchange(config, await codeFlow(config, browser));
      assert.ok(tokens.refresh_token, 'the app holds a refresh token');
      assert.equal(await userinfoStatus(tokens), 200);
      return { browser, tokens };
    }

    it('registers the app through the console: 200, its secret shown once, the back-channel logout URI kept', async () => {
      assert.equal(saved.status, 200, `POST /console/clients/save of a new client: ${JSON.stringify(saved.body)}`);
      assert.equal(saved.body.data.secret, secret);
      assert.match(secret, /^[A-Za-z0-9_-]{40,}$/);
      assert.equal(saved.body.data.client.backchannelLogoutUri, rp.backchannelLogoutUri);
      assert.equal(saved.body.data.client.name, '应用 A');
      const listed = (await admin.get(api('consoleListClients'))).body.data as Record<string, unknown>[];
      assert.equal(JSON.stringify(listed).includes(secret), false, 'the list never shows the secret');
    });

    it('the app gets a back-channel logout token, its refresh token is refused and userinfo fails', async () => {
      const { browser, tokens } = await signedIn();
      const sub = tokens.claims()!.sub;
      const sid = tokens.claims()!.sid;
      // While enabled the refresh works (and rotates).
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
      rp.logouts.length = 0;

      await setDisabled('zhangwei', true);

      await waitUntil(() => rp.logouts.length > 0, {
        timeoutMs: 10_000, failure: () => `no logout token; refused: ${JSON.stringify(rp.refusedLogouts)}`,
      });
      const claims = rp.logouts[0]!;
      assert.equal(claims.iss, issuer);
      assert.equal(claims.aud, CLIENT_ID);
      assert.equal(claims.sub, sub);
      assert.equal(claims.sid, sid);
      assert.deepEqual(claims.events, { [LOGOUT_EVENT]: {} });
      assert.deepEqual(rp.refusedLogouts, []);
      const page = await (await browser.fetch(`${rp.origin}/`)).text();
      assert.match(page, /未登录/);
      assert.match(page, /已在统一登录平台退出/);

      await refused(oidc.refreshTokenGrant(config, refreshed.refresh_token!), 'the refresh token after disabling');
      assert.equal(await userinfoStatus(refreshed), 401, 'userinfo with the old access token');
      assert.equal((await oidc.tokenIntrospection(config, refreshed.access_token)).active, false);

      // Enabled again, the old grants stay revoked: a new sign-in is needed.
      await setDisabled('zhangwei', false);
      await refused(oidc.refreshTokenGrant(config, refreshed.refresh_token!), 'the refresh token after enabling again');
      assert.equal(await userinfoStatus(refreshed), 401);
      await signedIn();
    });

    it('revokes the grants when the portal session is already gone: disabling refuses the refresh token', async () => {
      const { browser, tokens } = await signedIn();
      const user = (await t.ctx.stores.users.findUserByName('zhangwei'))!;
      // The portal session vanishes without the provider hearing of it (a lost Redis, a crash).
      assert.ok((await t.ctx.stores.sessions.deleteUserSessions(user.id)).length >= 1);
      assert.equal(((await (await browser.fetch('/api/centerAuth/sso/isLogin')).json()) as { data: boolean }).data, false);
      const still = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
      assert.ok(still.access_token, 'the grant outlives the portal session until an administrator acts');

      await setDisabled('zhangwei', true);
      await refused(oidc.refreshTokenGrant(config, still.refresh_token!), 'the refresh token after disabling');
      assert.equal(await userinfoStatus(still), 401);
      await setDisabled('zhangwei', false);
      await refused(oidc.refreshTokenGrant(config, still.refresh_token!), 'revoked, not only hidden while disabled');
    });

    it('revokes the grants when the portal session is already gone: ending its sessions refuses the refresh token', async () => {
      const { tokens } = await signedIn();
      const user = (await t.ctx.stores.users.findUserByName('zhangwei'))!;
      await t.ctx.stores.sessions.deleteUserSessions(user.id);
      const still = await oidc.refreshTokenGrant(config, tokens.refresh_token!);

      const ended = await admin.post(api('consoleEndAccountSessions'), { json: { username: 'zhangwei' } });
      assert.deepEqual({ status: ended.status, body: ended.body }, { status: 200, body: { code: 200, msg: 'success', data: { ended: 0 } } });
      await refused(oidc.refreshTokenGrant(config, still.refresh_token!), 'the refresh token after 结束全部会话');
      assert.equal(await userinfoStatus(still), 401);
      assert.equal((await oidc.tokenIntrospection(config, still.refresh_token!)).active, false);
    });
  });
}

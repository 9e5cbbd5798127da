// Passkeys' server side (issue 21) on every storage mode: the options a browser gets (discoverable
// credential, user verification required, RP ID = the SSO host), challenges that are used once and
// expire, an unknown credential refused in Chinese, the account's calls behind the session, and
// /.well-known/webauthn listing the allow-listed brand origins. The ceremonies themselves run in
// Chromium with a virtual authenticator (test/e2e/passkey.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { proveIdentity } from '../../helpers/recent-proof.ts';

const fakeAssertion = (id: string) => ({
  id, rawId: id, type: 'public-key', clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
});

for (const backend of testBackends()) {
  describe(`passkeys, server side (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('enrolment options: a discoverable credential with user verification, for the SSO host; the account\'s calls need a session', async () => {
      assert.equal((await t.client().post('/api/account/passkeys/options', { json: {} })).body.code, 'AU00300');
      assert.equal((await t.client().get('/api/account/passkeys')).body.code, 'AU00300');
      const c = t.client();
      await c.login('zhangwei', DEMO.zhangwei);
      await proveIdentity(c, DEMO.zhangwei);
      const { data } = (await c.post('/api/account/passkeys/options', { json: {} })).body;
      assert.ok(data.handle.length >= 32);
      assert.equal(data.options.rp.id, 'localhost');
      assert.equal(data.options.user.name, 'zhangwei');
      assert.deepEqual(data.options.authenticatorSelection, { residentKey: 'required', userVerification: 'required', requireResidentKey: true });
      assert.deepEqual((await c.get('/api/account/passkeys')).body.data, []);
      assert.equal((await c.post('/api/account/passkeys/remove', { json: { id: 'nope' } })).body.code, 'AU00194');
      assert.equal((await c.post('/api/account/passkeys/rename', { json: { id: 'nope', name: '我的电脑' } })).body.code, 'AU00194');
      const badName = await c.post('/api/account/passkeys/rename', { json: { id: 'nope', name: '' } });
      assert.equal(badName.status, 400);
      assert.equal(badName.body.msg, '请输入通行密钥名称（1-40 个字）');
      // A forged answer is refused, and its challenge is gone with it.
      const forged = await c.post('/api/account/passkeys/add', { json: { handle: data.handle, name: '伪造', response: fakeAssertion('abc') } });
      assert.equal(forged.body.code, 'AU00190');
      assert.equal((await c.post('/api/account/passkeys/add', { json: { handle: data.handle, name: '伪造', response: fakeAssertion('abc') } })).body.code, 'AU00192');
    });

    it('sign-in options name no account; an unknown credential and a used or expired challenge are refused in Chinese', async () => {
      const c = t.client();
      const { data } = (await c.post('/api/centerAuth/sso/passkey/options', { json: {} })).body;
      assert.equal(data.options.rpId, 'localhost');
      assert.equal(data.options.userVerification, 'required');
      assert.deepEqual(data.options.allowCredentials ?? [], []);
      const unknown = await c.post('/api/centerAuth/sso/passkey/verify', { json: { handle: data.handle, response: fakeAssertion('not-registered') } });
      assert.deepEqual(unknown.body, { code: 'AU00191', errorCode: 'AU00191', msg: '该通行密钥未在本系统登记或已被删除，请使用密码登录', data: null });
      const replay = await c.post('/api/centerAuth/sso/passkey/verify', { json: { handle: data.handle, response: fakeAssertion('not-registered') } });
      assert.equal(replay.body.code, 'AU00192', 'a challenge answers once');
      const late = (await c.post('/api/centerAuth/sso/passkey/options', { json: {} })).body.data;
      t.clock.advance(2 * 60_000 + 1);
      assert.equal((await c.post('/api/centerAuth/sso/passkey/verify', { json: { handle: late.handle, response: fakeAssertion('x') } })).body.code, 'AU00192');
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false);
    });

    it('/.well-known/webauthn lists the SSO origin and the allow-listed brand origins', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/.well-known/webauthn', headers: { host: 'localhost' } });
      assert.equal(res.statusCode, 200);
      const { origins } = res.json() as { origins: string[] };
      assert.equal(origins[0], 'http://localhost');
      assert.ok(origins.length > 1, 'the demo groups allow-list brand origins');
      assert.ok(origins.every((o) => /^https?:\/\/[^/]+$/.test(o)));
    });
  });
}

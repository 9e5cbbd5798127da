// A passkey sign-in honours "must change password" (issue 31, point 7): after an administrator's
// reset (AU00154) the passkey signs in no more than the password does until the password is changed;
// afterwards it signs in again. The assertion is made here by a software authenticator (an ES256
// key, the WebAuthn signature over authenticatorData and the client data hash), verified by the
// server's real @simplewebauthn check. Every storage mode.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

/** A passkey held in this process: its COSE public key, and assertions signed with it. */
function softwarePasskey() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([
    [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, 'base64url')], [-3, Buffer.from(jwk.y, 'base64url')],
  ]));
  const id = b64url(crypto.randomBytes(16));
  let counter = 0;
  return {
    id, publicKey: b64url(cose),
    assertion(challenge: string, origin: string, userId: number) {
      counter += 1;
      const rpIdHash = crypto.createHash('sha256').update(new URL(origin).hostname).digest();
      const flags = Buffer.from([0x05]); // user present + user verified
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authenticatorData = Buffer.concat([rpIdHash, flags, count]);
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
      const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, crypto.createHash('sha256').update(clientDataJSON).digest()]), privateKey);
      return {
        id, rawId: id, type: 'public-key', clientExtensionResults: {},
        response: {
          authenticatorData: b64url(authenticatorData), clientDataJSON: b64url(clientDataJSON), signature: b64url(signature),
          userHandle: b64url(new TextEncoder().encode(`sso-user-${userId}`)),
        },
      };
    },
  };
}

for (const backend of testBackends()) {
  describe(`passkey sign-in and must-change (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    async function signInWithPasskey(c: Client, key: ReturnType<typeof softwarePasskey>, userId: number) {
      const options = await c.post('/api/centerAuth/sso/passkey/options', { json: {} });
      assert.equal(options.body.code, 200, JSON.stringify(options.body));
      const { handle, options: { challenge } } = options.body.data as { handle: string; options: { challenge: string } };
      return c.post('/api/centerAuth/sso/passkey/verify', { json: { handle, response: key.assertion(challenge, 'http://localhost', userId) } });
    }

    it('after an administrator\'s reset the passkey is refused with AU00154 until the password is changed', async () => {
      const user = (await t.ctx.stores.users.findUserByName('zhangwei'))!;
      const key = softwarePasskey();
      assert.ok(await t.ctx.stores.passkeys.add({
        id: key.id, userId: user.id, publicKey: key.publicKey, counter: 0, transports: ['internal'], name: '测试', createdAt: t.clock.now(), lastUsedAt: null,
      }));
      const before = await signInWithPasskey(t.client(), key, user.id);
      assert.deepEqual(before.body.data, { username: 'zhangwei', redirect: '/home' }, JSON.stringify(before.body));

      await t.ctx.stores.users.updatePassword(user.id, user.passwordHash, t.clock.now(), true);
      const c = t.client();
      const refused = await signInWithPasskey(c, key, user.id);
      assert.equal(refused.body.code, 'AU00154', JSON.stringify(refused.body));
      assert.match(refused.body.msg, /密码/);
      // The passkey was a second factor: the answer carries its proof for the forced change.
      const detail = refused.body.data as { username: string; changeTicket: string };
      assert.equal(detail.username, 'zhangwei');
      assert.match(detail.changeTicket, /^[A-Za-z0-9_-]{43}$/);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, false, 'no session');

      const changed = await changeWith(c, 'zhangwei', DEMO.zhangwei, 'Other@2026demo');
      assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
      assert.equal((await signInWithPasskey(c, key, user.id)).body.code, 200);
    });

    async function changeWith(c: Client, userName: string, oldPassword: string, newPassword: string, extra: Record<string, string> = {}) {
      return c.post('/api/centerAuth/user/changePassword', {
        json: { userName, oldPassword: await c.encrypt(oldPassword), newPassword: await c.encrypt(newPassword), confirmPassword: await c.encrypt(newPassword), ...extra },
      });
    }

    it('a passkey-only member of a group that requires a second factor: the forced change needs the passkey sign-in\'s proof, not the password alone (issue 31, point 3)', async () => {
      const user = (await t.ctx.stores.users.findUserByName('dealer01'))!;
      const key = softwarePasskey();
      assert.ok(await t.ctx.stores.passkeys.add({
        id: key.id, userId: user.id, publicKey: key.publicKey, counter: 0, transports: ['internal'], name: '测试', createdAt: t.clock.now(), lastUsedAt: null,
      }));
      for (const group of await t.ctx.stores.catalog.listGroups()) {
        if (await t.ctx.stores.memberships.isMember(user.id, group.code)) await t.ctx.stores.mfa.setGroupRequiresMfa(group.code, true);
      }
      await t.ctx.stores.users.updatePassword(user.id, user.passwordHash, t.clock.now(), true);
      const c = t.client();
      // The password sign-in sends the member to the passkey before the forced change.
      assert.equal((await c.login('dealer01', DEMO.dealer01)).body.code, 'AU00195');
      const alone = await changeWith(c, 'dealer01', DEMO.dealer01, 'Other@2026dealer');
      assert.equal(alone.body.code, 'AU00182', JSON.stringify(alone.body));
      assert.equal((await t.ctx.stores.users.findUserByName('dealer01'))!.passwordHash, user.passwordHash, 'nothing changed');

      const refused = await signInWithPasskey(c, key, user.id);
      assert.equal(refused.body.code, 'AU00154', JSON.stringify(refused.body));
      const { changeTicket } = refused.body.data as { changeTicket: string };
      const changed = await changeWith(c, 'dealer01', DEMO.dealer01, 'Other@2026dealer', { changeTicket });
      assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
      assert.equal((await signInWithPasskey(c, key, user.id)).body.code, 200, 'then the passkey signs in');
    });
  });
}

// Signing keys: generated on first start into a 0600 file, published in the JWKS; rotate-keys adds a
// key that is published at once and that the running server signs with within 5 s of its
// activation (one publication interval later, shortened here) while the old key stays published,
// so tokens it signed still verify (review-finding-09-hygiene tests the interval itself).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DEMO } from '../../helpers/test-app.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';
import { codeFlow, exchange, startOidcServer, type OidcServer } from './oidc-fixture.ts';

const kidOf = (jwt: string): string => (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

describe('OpenID Connect signing keys', () => {
  let s: OidcServer;
  before(async () => {
    s = await startOidcServer({ oidcKeyPublishAheadMs: 1000 });
  });
  after(() => s.close());

  test('kept in a file only its owner can read, never published with private parts', async () => {
    const file = s.server.config.oidcKeyFile;
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const jwks = (await (await fetch(`${s.issuer}/oidc/jwks`)).json()) as { keys: Record<string, unknown>[] };
    assert.equal(jwks.keys.length, 1);
    for (const key of jwks.keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) assert.equal(key[secret], undefined);
  });

  test('rotate-keys: the running server signs with the new key within 5 s; the old one stays published', async () => {
    const secret = await s.addClient('app-a');
    const rp = await s.relyingParty('app-a', secret);
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const before = await exchange(rp, await codeFlow(rp, browser));
    const oldKid = kidOf(before.id_token!);
    assert.match(await s.admin('rotate-keys', []), /signing key \S+ added: published now, signs from \S+; 1 older key\(s\) still published/);
    let newKid = oldKid;
    await waitUntilAsync(async () => {
      const rp2 = await s.relyingParty('app-a', secret);
      newKid = kidOf((await exchange(rp2, await codeFlow(rp2, browser))).id_token!);
      return newKid !== oldKid;
    }, { timeoutMs: 6000, everyMs: 50, failure: () => 'still signing with the old key 5 s after the new one\'s activation' });
    const kids = ((await (await fetch(`${s.issuer}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    assert.ok(kids.includes(oldKid) && kids.includes(newKid));
    assert.equal(fs.statSync(s.server.config.oidcKeyFile).mode & 0o777, 0o600);
  });
});

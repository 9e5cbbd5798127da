// Review of the OpenID Connect provider, finding 9 (hygiene):
// - `rotate-keys --revoke-old` drops a compromised signing key at once; a new key from plain
//   `rotate-keys` is published before it signs (signing-keys.ts);
// - the provider's cookies get `__Host-` names under https (the session; the path-scoped
//   interaction cookies `__Secure-`) and their signing keys rotate (cookie-keys.ts);
// - `add-client` reads a secret from standard input (--secret-stdin), never from argv.
// (A rotated client secret keeping a grace period is `rotate-secret`, docs/oidc.md.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { COOKIE_KEY_ROTATE_MS, loadCookieKeys } from '../../../server/oidc/cookie-keys.ts';
import { DEMO, testBackends } from '../../helpers/test-app.ts';
import { runAdminCli } from '../../helpers/admin-cli.ts';
import { Browser } from './browser.ts';
import { codeFlow, exchange, REDIRECT_URI, startOidcServer, untilProviderKnows, type OidcServer } from './oidc-fixture.ts';
import { nextWallClockSecond } from '../../helpers/wait-until.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';

const DAY = 24 * 3600_000;
const kidOf = (jwt: string): string => (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser for an https issuer served over plain http here: every URL is sent to the real server. */
class HttpsIssuerBrowser extends Browser {
  readonly setCookies: string[] = [];
  constructor(issuer: string, private readonly server: string) {
    super(issuer);
  }
  override async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const response = await super.fetch(target.href.replace(this.origin, this.server), init);
    this.setCookies.push(...response.headers.getSetCookie());
    return response;
  }
}

for (const backend of testBackends()) describe(`review finding 9: keys, cookies, secrets (${backend.name})`, () => {
  let s: OidcServer;
  let rp: oidc.Configuration;
  let secret: string;
  before(async () => {
    s = await startOidcServer({ ...backend.overrides, oidcKeyPublishAheadMs: 3000 });
    secret = await s.addClient('keys-app');
    rp = await s.relyingParty('keys-app', secret);
  });
  after(() => s?.close());

  const jwksKids = async () => ((await (await fetch(`${s.issuer}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

  async function idTokenKid(): Promise<string> {
    const browser = s.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    return kidOf((await exchange(rp, await codeFlow(rp, browser))).id_token!);
  }

  test('a new signing key is published before it signs', async () => {
    const oldKid = await idTokenKid();
    const answer = await s.admin('rotate-keys', []);
    const newKid = /signing key (\S+) added: published now, signs from/.exec(answer)?.[1];
    assert.ok(newKid, answer);
    const rotatedAt = Date.now();
    // Published within the 5 s every server looks for key changes, still not signing.
    let kids: string[] = [];
    while (!kids.includes(newKid) && Date.now() - rotatedAt < 2500) {
      kids = await jwksKids();
      if (!kids.includes(newKid)) await pause(100);
    }
    // Only while its activation is still ahead: on a loaded machine the wait above can reach it.
    const signsFrom = Date.parse(/signs from (\S+?);/.exec(answer)?.[1] ?? '');
    if (kids.includes(newKid)) {
      const kid = await idTokenKid();
      if (Date.now() < signsFrom - 200) assert.equal(kid, oldKid, 'published, not yet signing');
    }
    // Signing after its activation (3 s), within the next look (5 s).
    let kid = oldKid;
    await waitUntilAsync(async () => (kid = await idTokenKid()) === newKid, {
      timeoutMs: rotatedAt + 10_000 - Date.now(), everyMs: 50, failure: () => `ID tokens still signed by ${kid}, not ${newKid}`,
    });
    assert.ok((await jwksKids()).includes(oldKid), 'the old key stays published for its tokens');
  });

  test('rotate-keys --revoke-old: the new key signs at once and every older key is withdrawn', async () => {
    const before = await idTokenKid();
    const answer = await s.admin('rotate-keys', [], { 'revoke-old': true });
    const newKid = /signing key (\S+) added and signing now; every older key withdrawn/.exec(answer)?.[1];
    assert.ok(newKid, answer);
    let kids: string[] = [];
    await waitUntilAsync(async () => {
      kids = await jwksKids();
      return kids.length === 1 && kids[0] === newKid;
    }, { timeoutMs: 7000, everyMs: 50, failure: () => `published: ${kids.join(', ')}; only the new key ${newKid} expected` });
    assert.ok(!kids.includes(before));
    assert.equal(await idTokenKid(), newKid);
  });

  test('the cookie signing keys rotate, every instance agreeing, and old ones are dropped later', async () => {
    const { withAdminContext } = await import('../../../server/admin-context.ts');
    await withAdminContext(s.server.config, async (ctx) => {
      const storage = ctx.storage.oidcRecords;
      const keep = s.server.config.sessionAbsoluteMs;
      const now = Date.now();
      const first = await loadCookieKeys(storage, keep, now);
      assert.equal(first.length, 1);
      assert.deepEqual(await loadCookieKeys(storage, keep, now + 1000), first, 'the same within a period');
      const next = now + COOKIE_KEY_ROTATE_MS + DAY;
      const [a, b] = await Promise.all([loadCookieKeys(storage, keep, next), loadCookieKeys(storage, keep, next)]);
      assert.deepEqual(a, b, 'two instances at once agree on the new key');
      assert.equal(a.length, 2);
      assert.equal(a[1], first[0], 'the new key signs, the old one still verifies');
      const later = next + COOKIE_KEY_ROTATE_MS + DAY;
      const last = await loadCookieKeys(storage, keep, later);
      assert.equal(last[0] !== a[0] && last[1], a[0]);
      assert.ok(!last.includes(first[0]!), 'a key replaced long ago is dropped');
    });
  });

  test('add-client reads the secret from standard input; --secret on the command line is refused', async () => {
    const given = 'a-secret-given-on-stdin-0123456789';
    const added = await runAdminCli(s.server.config, ['add-client', 'stdin-app', '--secret-stdin', '--redirect-uri', REDIRECT_URI], {}, `${given}\n`);
    assert.equal(added.status, 0, added.stderr);
    assert.doesNotMatch(added.stdout, /client_secret/, 'nothing generated, nothing printed');
    await untilProviderKnows(s.server.url, 'stdin-app');
    const good = await s.relyingParty('stdin-app', given);
    assert.deepEqual(await oidc.tokenIntrospection(good, 'no-such-token'), { active: false }, 'the secret from stdin authenticates');
    const bad = await s.relyingParty('stdin-app', `${given}-not`);
    await assert.rejects(oidc.tokenIntrospection(bad, 'no-such-token'));

    const refused = await runAdminCli(s.server.config, ['add-client', 'argv-app', `--secret=${given}`, '--redirect-uri', REDIRECT_URI]);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /--secret on the command line is refused .* --secret-stdin/);
    assert.doesNotMatch((await runAdminCli(s.server.config, ['list-clients'])).stdout, /argv-app/, 'nothing saved');
  });
});

for (const backend of testBackends()) describe(`review finding 9: the provider's cookies under https (${backend.name})`, () => {
  const issuer = 'https://sso.example.com';
  let s: OidcServer;
  let plain: OidcServer;
  before(async () => {
    s = await startOidcServer({ ...backend.overrides, publicUrl: issuer });
    await s.addClient('cookie-app');
    plain = await startOidcServer(backend.overrides);
    await plain.addClient('cookie-app');
  });
  after(async () => {
    await s?.close();
    await plain?.close();
  });

  const authorize = (base: string) => `${base}/oidc/auth?${new URLSearchParams({
    client_id: 'cookie-app', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', prompt: 'login',
  })}`;

  test('session __Host- (Secure, Path=/, no Domain); interaction and resume __Secure- (Secure)', async () => {
    const browser = new HttpsIssuerBrowser(issuer, s.server.url);
    assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    // prompt=login: the interaction cookies; after signing in again, the resume and the session.
    // (The request must begin after the sign-in, in seconds: an interaction's iat.)
    await nextWallClockSecond();
    const { url } = await browser.follow(authorize(issuer), REDIRECT_URI);
    assert.equal((await browser.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    const done = await browser.follow(url.searchParams.get('callBack')!, REDIRECT_URI);
    assert.ok(done.url.searchParams.get('code'), done.url.href);
    const provider = browser.setCookies.filter((c) => /^(__Host-|__Secure-)?(sso_oidc_|_session|_interaction)/.test(c));
    const named = (prefix: string) => provider.filter((c) => c.startsWith(prefix) && !/expires=Thu, 01 Jan 1970/i.test(c));
    assert.ok(named('__Host-sso_oidc_session=').length > 0, provider.join('\n'));
    assert.ok(named('__Secure-sso_oidc_interaction=').length > 0, provider.join('\n'));
    assert.ok(named('__Secure-sso_oidc_resume=').length > 0, provider.join('\n'));
    for (const cookie of named('__Host-')) {
      assert.match(cookie, /;\s*secure/i, cookie);
      assert.match(cookie, /;\s*path=\/(;|$)/i, cookie);
      assert.doesNotMatch(cookie, /;\s*domain=/i, cookie);
    }
    for (const cookie of named('__Secure-')) assert.match(cookie, /;\s*secure/i, cookie);
    assert.deepEqual(provider.filter((c) => /^_(session|interaction)/.test(c)), [], 'no plain names');
  });

  test('over a plain-http issuer (development) the names stay plain', async () => {
    const browser = plain.browser();
    await browser.signIn('zhangwei', DEMO.zhangwei);
    const response = await browser.fetch(authorize(plain.issuer).replace('&prompt=login', ''));
    assert.ok(response.headers.getSetCookie().some((c) => c.startsWith('_session=')), response.headers.getSetCookie().join('\n'));
  });
});

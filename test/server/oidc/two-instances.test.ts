// Scaled out: two instances on one PostgreSQL and one Redis serve one flow behind one issuer URL.
// The browser signs in on B, is authorized on A, the app redeems the code on B, reads userinfo on
// A and refreshes on B; a code and a refresh token outlive the instance that issued them.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as oidc from 'openid-client';
import { dropPostgresSchema } from '../../../server/storage/database.ts';
import { runOidcCommand } from '../../../server/oidc/oidc-cli.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';
import { DEMO } from '../../helpers/test-app.ts';
import { startServer, type StartedServer } from '../../helpers/start-server.ts';
import { announceSkip, PG_URL, REDIS_URL, servicesMissing } from '../scale/services.ts';
import { Browser } from './browser.ts';
import { authorizationUrl, REDIRECT_URI, untilProviderKnows } from './oidc-fixture.ts';
import { freePort } from '../../helpers/free-port.ts';

// Like the scale-out suite: loud when the services are missing (never a silent pass).
const missing = await servicesMissing();
if (missing) announceSkip('OpenID Connect two-instance suite', missing);

describe('two instances on PostgreSQL + Redis serve one OpenID Connect flow', { skip: missing ?? false }, () => {
  const schema = `sso_oidc_${crypto.randomBytes(5).toString('hex')}`;
  const prefix = `sso-oidc-${crypto.randomBytes(5).toString('hex')}:`;
  let portA: number;
  let issuer: string;
  let a: StartedServer;
  let b: StartedServer;
  let sm2KeyFile: string;
  const shared = () => ({ databaseUrl: PG_URL, databaseSchema: schema, redisUrl: REDIS_URL, redisKeyPrefix: prefix, publicUrl: issuer });

  before(async () => {
    portA = await freePort();
    issuer = `http://localhost:${portA}`;
    a = await startServer({ ...shared(), port: portA, seedDemoData: true });
    sm2KeyFile = a.config.sm2KeyFile;
    b = await startServer({ ...shared(), sm2KeyFile });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await dropPostgresSchema(PG_URL, schema);
    await deleteRedisKeys(REDIS_URL, prefix);
  });

  /** The app's HTTP client, sent to instance `port` whatever URL the discovery document gave. */
  function via(rp: oidc.Configuration, port: () => number): void {
    rp[oidc.customFetch] = (url, options) => fetch(url.replace(`localhost:${portA}`, `localhost:${port()}`), options as RequestInit);
  }

  test('authorize on A, code on B, userinfo on A, refresh on B; a restarted B still redeems', async () => {
    const answer = (await withAdminContext(a.config, (ctx) => runOidcCommand(ctx, 'add-client', ['shop'], { 'redirect-uri': [REDIRECT_URI] })))!;
    const secret = /client_secret[^:]*: (\S+)/.exec(answer)![1]!;
    await untilProviderKnows(a.url, 'shop');
    await untilProviderKnows(b.url, 'shop');
    const rp = await oidc.discovery(new URL(issuer), 'shop', undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
    let tokenPort = b.port;
    via(rp, () => tokenPort);

    // Cookies do not depend on the port: one browser, one site.
    const onB = new Browser(`http://localhost:${b.port}`);
    assert.equal((await onB.signIn('zhangwei', DEMO.zhangwei)).body.code, 200);
    const onA = new Browser(issuer);
    for (const [name, value] of onB.cookies) onA.cookies.set(name, value);

    const start = await authorizationUrl(rp);
    const { url: callback } = await onA.follow(start.url.href, REDIRECT_URI);
    assert.ok(callback.searchParams.get('code'), callback.href);
    const tokens = await oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: start.verifier, expectedState: start.state, expectedNonce: start.nonce });
    assert.equal(tokens.claims()!.iss, issuer);

    tokenPort = portA;
    const info = await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub);
    assert.equal(info.preferred_username, 'zhangwei');

    tokenPort = b.port;
    const refreshed = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    assert.ok(refreshed.refresh_token);

    // A code issued by A, then B restarts: the new B redeems it, and refreshes the token B issued.
    const second = await authorizationUrl(rp);
    const { url: secondCallback } = await onA.follow(second.url.href, REDIRECT_URI);
    await b.close();
    b = await startServer({ ...shared(), sm2KeyFile });
    tokenPort = b.port;
    const again = await oidc.authorizationCodeGrant(rp, secondCallback, { pkceCodeVerifier: second.verifier, expectedState: second.state, expectedNonce: second.nonce });
    assert.equal(again.claims()!.sub, tokens.claims()!.sub);
    assert.ok((await oidc.refreshTokenGrant(rp, refreshed.refresh_token!)).access_token);

    // The same code on the other instance is a replay: refused, and its tokens revoked everywhere.
    tokenPort = portA;
    await assert.rejects(oidc.authorizationCodeGrant(rp, secondCallback, { pkceCodeVerifier: second.verifier, expectedState: second.state, expectedNonce: second.nonce }),
      (error: { error?: string }) => error.error === 'invalid_grant');
    assert.equal((await oidc.tokenIntrospection(rp, again.access_token)).active, false);
  });
});

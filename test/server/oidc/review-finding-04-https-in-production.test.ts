// Review of the OpenID Connect provider, finding 4 (medium/low): http in production. Under
// NODE_ENV=production SSO_PUBLIC_URL must now be set and https (the start is refused naming the
// variable; a loopback address such as http://127.0.0.1:8080 is the one exception, reachable only
// from the machine itself), and a client's redirect, post-logout, back-channel and initiate-login
// URIs must be https except loopback (http://127.0.0.1, http://[::1], http://localhost) for native
// apps, whichever way it is registered: add-client, the import, the console. Development keeps
// plain http (server/config.ts requireHttpsInProduction, server/oidc/client-definition.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError, readConfig } from '../../../server/config.ts';
import { runOidcCommand } from '../../../server/oidc/oidc-cli.ts';
import { saveClientByAdmin } from '../../../server/oidc/client-admin.ts';
import { importData } from '../../../server/seed/import.ts';
import type { AppContext } from '../../../server/context.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { runServerUntilExit } from '../../helpers/start-server.ts';

const SECRETS = { SSO_ENC_KEY: 'Prod-Enc-Key-16b', SSO_SIGN_SECRET: 'a-production-signing-secret' };

describe('review finding 4: SSO_PUBLIC_URL in production', () => {
  test('production refuses a missing or plain-http SSO_PUBLIC_URL, naming it; https and loopback start; development keeps http', () => {
    const refused = (env: Record<string, string>) => assert.throws(() => readConfig({ NODE_ENV: 'production', ...SECRETS, ...env }),
      (error: Error) => error instanceof ConfigError && /SSO_PUBLIC_URL/.test(error.message) && /https/.test(error.message));
    refused({});
    refused({ SSO_PUBLIC_URL: 'http://sso.example.com' });
    refused({ SSO_PUBLIC_URL: 'http://10.0.0.5:8080' });
    for (const url of ['https://sso.example.com', 'http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      assert.equal(readConfig({ NODE_ENV: 'production', ...SECRETS, SSO_PUBLIC_URL: url }).publicUrl, url, url);
    }
    assert.equal(readConfig({}).publicUrl, null);
    assert.equal(readConfig({ SSO_PUBLIC_URL: 'http://sso.example.com' }).publicUrl, 'http://sso.example.com');
  });

  test('the real process refuses to start, naming SSO_PUBLIC_URL', async () => {
    const { code, output } = await runServerUntilExit({ NODE_ENV: 'production', ...SECRETS, SSO_PUBLIC_URL: 'http://sso.example.com' });
    assert.equal(code, 1, output);
    assert.match(output, /configuration error: NODE_ENV=production needs an https SSO_PUBLIC_URL/);
    assert.doesNotMatch(output, /SSO portal: http/, 'never listened');
  });
});

const HTTP_APP = 'http://crm.example.com/oidc/callback';

for (const backend of testBackends()) describe(`review finding 4: client URIs in production (${backend.name})`, () => {
  let production: TestApp;
  let development: TestApp;
  before(async () => {
    production = await buildTestApp(backend, { production: true, seedDemoData: false, publicUrl: 'https://sso.example.com' });
    development = await buildTestApp(backend);
  });
  after(async () => {
    await production?.close();
    await development?.close();
  });

  const addClient = (ctx: AppContext, clientId: string, flags: Record<string, string | string[]>) =>
    runOidcCommand(ctx, 'add-client', [clientId], { 'redirect-uri': ['https://crm.example.com/cb'], ...flags });

  test('add-client: https or loopback only, for every kind of URI', async () => {
    const ctx = production.ctx;
    const bad: [string, string | string[]][] = [
      ['redirect-uri', [HTTP_APP]], ['post-logout-redirect-uri', ['http://crm.example.com/']],
      ['backchannel-logout-uri', 'http://10.0.0.5/oidc/backchannel'], ['initiate-login-uri', 'http://crm.example.com/login'],
    ];
    for (const [flag, value] of bad) {
      await assert.rejects(addClient(ctx, 'http-app', { [flag]: value }), new RegExp(`--${flag}: https only in production`));
    }
    assert.equal(await ctx.stores.oidcClients.find('http-app'), null, 'nothing saved');
    for (const loopback of ['http://127.0.0.1:9/cb', 'http://[::1]:8080/cb', 'http://localhost/cb']) {
      assert.match((await addClient(ctx, 'native-app', { 'redirect-uri': [loopback] }))!, /client native-app saved/, loopback);
    }
    assert.match((await addClient(ctx, 'tls-app', { 'backchannel-logout-uri': 'https://crm.example.com/bc', 'initiate-login-uri': 'https://crm.example.com/login' }))!, /saved/);
  });

  test('the import and the console refuse http the same way', async () => {
    const ctx = production.ctx;
    await assert.rejects(importData(ctx.storage, { clients: [{ clientId: 'imported', redirectUris: [HTTP_APP] }] }, Date.now(), true),
      /clients\[0\]\.redirectUris: https only in production/);
    await assert.rejects(saveClientByAdmin(ctx, { clientId: 'console-app', public: false, redirectUris: [HTTP_APP] }, null),
      (error: Error) => /生产环境只接受 https 网址/.test(error.message));
  });

  test('development keeps plain http', async () => {
    assert.match((await addClient(development.ctx, 'dev-app', { 'redirect-uri': [HTTP_APP], 'backchannel-logout-uri': 'http://10.0.0.5/bc' }))!, /saved/);
  });
});

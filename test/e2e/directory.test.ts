// Staff sign in with their company directory account (issue 30), in Chromium against the real
// server process, a real slapd (test/helpers/slapd.ts) and Debian's Apache with mod_auth_openidc.
// The directory `corp` lists a down server first and the slapd second, so every directory sign-in
// here also passes through failover; cn=engineering maps to the default group (its apps at `/`),
// cn=sales to ka.
//   directory-home:       alice signs in at / and sees the default group's apps (the Apache card too)
//   directory-openidc:    alice signs in at the Apache mod_auth_openidc app through the portal
//   directory-password:   a password changed in the directory works at once, the old one is refused
//   directory-groups:     bob removed from cn=engineering: after 立即同步 his portal shows no default
//                         app; put back without a sync, his next sign-in brings the apps back
//   directory-injection:  `*)(uid=*` and `admin)(|(uid=*` sign nobody in (browser and HTTP)
//   directory-outage:     every URL down: the Chinese outage message; a local account still signs in
//   directory-disabled:   alice disabled in the directory, `sync-directory` signs her out everywhere:
//                         portal session gone, the recording RP's refresh token refused and its
//                         back-channel logout received, the Apache app's session ended
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { Refusal } from '../../contract/errors.ts';
import { freePort } from '../helpers/free-port.ts';
import { adminCli } from '../helpers/admin-cli.ts';
import { apacheInstalled } from '../helpers/apache.ts';
import { startRelyingParty, untilClientsKnown, type RelyingParty } from '../helpers/relying-party.ts';
import { groupDn, PEOPLE, startSlapd, type Slapd } from '../helpers/slapd.ts';
import { REPO_ROOT } from '../helpers/start-server.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { waitUntilAsync } from '../helpers/wait-until-async.ts';
import { HttpClient } from '../server/scale/http-client.ts';
import { launchBrowser, runJourney } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import { appCards, cardTitles, DEMO, formError, submitPasswordLogin, waitForHome, waitForHomeNotMember, waitForLoginPage } from './support/portal-ui.ts';
import { appSendsToPortal, reserveOidcApache, startOidcApache, type OidcApacheApp } from './support/openidc-apache.ts';
import { directoryAdmin, type DirectoryAdmin } from './support/directory-setup.ts';

const ADMIN = { name: 'admin', password: 'Sso@2026admin' };
const APP_NAME = '目录测试应用';
const APP_SECRET = 'Dir-app-secret-0123456789abcdef';
const RP_SECRET = 'Dir-rp-secret-0123456789abcdef';

describe('company directory sign-in (slapd) in the browser', { timeout: 300_000, skip: !apacheInstalled() && 'apache2 is not installed (.ci/run installs it)' }, () => {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let slapd: Slapd | undefined;
  let app: OidcApacheApp | undefined;
  let rp: RelyingParty | undefined;
  let directory: DirectoryAdmin | undefined;
  let issuer = '';
  let alicePassword = PEOPLE.alice.password;

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    const [started, launched, ldap] = await Promise.allSettled([// The CLI's sync-directory ends sessions in its own process; the running server's sweep sends
    // their single logout (every second here, 30 s by default).
    startPortalServer({ SSO_PORT: String(port), SSO_PUBLIC_URL: issuer, SSO_OIDC_LOGOUT_SWEEP_SECONDS: '1' }), launchBrowser(), startSlapd()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (ldap.status === 'fulfilled') slapd = ldap.value;
    for (const result of [started, launched, ldap]) if (result.status === 'rejected') throw result.reason;
    const { dataDir } = portal!;

    // The Apache app: registered as an administrator registers a client (secret on stdin), with a card in the default group.
    const reserved = await reserveOidcApache('127.0.0.3');
    await adminCli({ dataDir }, ['add-client', 'dirapp', '--secret-stdin', '--name', APP_NAME,
      '--redirect-uri', reserved.redirectUri, '--backchannel-logout-uri', reserved.backchannelLogoutUri], {}, `${APP_SECRET}\n`);
    rp = await startRelyingParty({ title: '记录应用', clientId: 'dirrp', clientSecret: RP_SECRET, issuer });
    await adminCli({ dataDir }, ['add-client', 'dirrp', '--secret-stdin', '--name', '记录应用',
      '--redirect-uri', rp.redirectUri, '--post-logout-redirect-uri', rp.postLogoutRedirectUri,
      '--backchannel-logout-uri', rp.backchannelLogoutUri], {}, `${RP_SECRET}\n`);
    const demo = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/seed/demo-data.json'), 'utf8')) as { groups: { code: string; apps?: unknown[] }[] };
    const group = demo.groups.find((g) => g.code === 'default')!;
    const file = path.join(dataDir, 'directory-card.json');
    fs.writeFileSync(file, JSON.stringify({ groups: [{ ...group, apps: [...(group.apps ?? []), { id: 'dirapp-card', name: APP_NAME, logo: '', intro: 'OpenID Connect 应用', autoLoginUrl: `${reserved.origin}/secret/`, oidcClient: 'dirapp' }] }] }));
    await adminCli({ dataDir }, ['import', file]);
    app = await startOidcApache(issuer, '127.0.0.3', reserved, { id: 'dirapp', secret: APP_SECRET }, APP_NAME);
    await untilClientsKnown(issuer, [{ clientId: 'dirapp', redirectUri: reserved.redirectUri }, { clientId: 'dirrp', redirectUri: rp.redirectUri }]);

    directory = await directoryAdmin(issuer, ADMIN, slapd!, {
      id: 'corp', name: '集团目录', urls: [slapd!.downUrl, slapd!.url],
      groupMappings: [{ dn: groupDn('engineering'), group: 'default' }, { dn: groupDn('sales'), group: 'ka' }],
    });
    await directory.save({});
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    await rp?.close();
    await portal?.stop();
    await slapd?.stop();
  });

  it('a directory person signs in at / (the first URL down, the second answers) and sees the mapped group\'s apps', async () => {
    await runJourney(browser!, 'directory-home', async (journey) => {
      const { page } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      const started = Date.now();
      await submitPasswordLogin(page, PEOPLE.alice.uid, alicePassword);
      await waitForHome(page, 'alice');
      // A refused connection is skipped at once, well inside the 1 s connect timeout.
      assert.ok(Date.now() - started < 10_000, 'signed in without waiting for the down server');
      await appCards(page).filter({ hasText: APP_NAME }).waitFor();
      const titles = await cardTitles(page);
      assert.ok(titles.includes('销售管理系统'), `the default group's apps: ${titles.join('、')}`);
      await journey.shot('home');
    });
  });

  it('signs in at an Apache mod_auth_openidc app through the portal', async () => {
    await runJourney(browser!, 'directory-openidc', async (journey) => {
      const { page } = journey;
      await page.goto(`${app!.origin}/secret/`);
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, PEOPLE.alice.uid, alicePassword);
      await page.waitForURL(`${app!.origin}/secret/`);
      assert.equal(await page.locator('#user').textContent(), '已登录：alice');
      await journey.shot('app-signed-in');
    });
  });

  it('a password changed in the directory works at once and the old one is refused', async () => {
    const fresh = 'Alice-new-pass-2';
    await slapd!.modifyPerson('alice', { userPassword: fresh });
    await runJourney(browser!, 'directory-password', async (journey) => {
      const { page } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, PEOPLE.alice.uid, alicePassword);
      await formError(page).filter({ hasText: Refusal.badCredentials[1] }).waitFor();
      await journey.shot('old-password-refused');
      await submitPasswordLogin(page, PEOPLE.alice.uid, fresh);
      await waitForHome(page, 'alice');
    });
    alicePassword = fresh;
  });

  it('removed from a mapped group, the apps go after a sync; back in the group, they return at the next sign-in', async () => {
    await runJourney(browser!, 'directory-groups', async (journey) => {
      const { page, context } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, PEOPLE.bob.uid, PEOPLE.bob.password);
      await waitForHome(page, 'bob');
      await appCards(page).filter({ hasText: APP_NAME }).waitFor();

      await slapd!.removeMember('engineering', 'bob');
      const result = await directory!.sync();
      assert.equal(result.ok, true, String(result.error));
      assert.ok(result.membershipsRemoved >= 1, `memberships removed: ${result.membershipsRemoved}`);
      await page.reload();
      await waitForHomeNotMember(page, 'bob');
      await journey.shot('apps-gone-after-sync');

      // Back in the group, no sync: the next sign-in reads the directory and brings the apps back.
      await slapd!.addMember('engineering', 'bob');
      await context.clearCookies();
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, PEOPLE.bob.uid, PEOPLE.bob.password);
      await waitForHome(page, 'bob');
      await appCards(page).filter({ hasText: APP_NAME }).waitFor();
      await journey.shot('apps-back-at-sign-in');
    });
  });

  it('a filter in the username signs nobody in', async () => {
    const names = ['*)(uid=*', 'admin)(|(uid=*', '*'];
    for (const name of names) {
      const client = new HttpClient(issuer);
      const answer = await client.login(name, alicePassword);
      assert.notEqual(answer.body.code, 200, `${name}: ${answer.text}`);
      assert.equal((await client.get('/api/centerAuth/sso/isLogin')).body.data, false, `${name} signed nobody in`);
    }
    await runJourney(browser!, 'directory-injection', async (journey) => {
      const { page } = journey;
      await page.goto(`${issuer}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, names[0]!, alicePassword);
      await formError(page).waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      await journey.shot('injection-refused');
    });
  });

  it('every URL down: directory people get the Chinese outage message, a local account still signs in', async () => {
    await directory!.save({ urls: [slapd!.downUrl] });
    try {
      await runJourney(browser!, 'directory-outage', async (journey) => {
        const { page, context } = journey;
        await page.goto(`${issuer}/`);
        await waitForLoginPage(page);
        await submitPasswordLogin(page, PEOPLE.bob.uid, PEOPLE.bob.password);
        await formError(page).filter({ hasText: Refusal.directoryDown[1] }).waitFor();
        await journey.shot('outage-message');
        await context.clearCookies();
        await page.goto(`${issuer}/`);
        await waitForLoginPage(page);
        await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
        await waitForHome(page, 'zhangwei');
      });
    } finally {
      await directory!.save({ urls: [slapd!.downUrl, slapd!.url] });
    }
  });

  it('disabled in the directory, sync-directory signs the person out everywhere', async () => {
    await runJourney(browser!, 'directory-disabled', async (journey) => {
      const { page, context } = journey;
      // Signed in at the portal, at the recording RP (with a refresh token) and at the Apache app.
      await page.goto(`${rp!.origin}/login`);
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, PEOPLE.alice.uid, alicePassword);
      await page.waitForURL(`${rp!.origin}/`);
      assert.equal(await page.locator('#status').textContent(), '已登录：alice');
      await page.goto(`${rp!.origin}/refresh`);
      assert.equal(await page.locator('#refresh').textContent(), '已刷新');
      await page.goto(`${app!.origin}/secret/`);
      await page.waitForURL(`${app!.origin}/secret/`);
      assert.equal(await page.locator('#user').textContent(), '已登录：alice');
      await page.goto(`${issuer}/home`);
      await waitForHome(page, 'alice');

      const logoutsBefore = rp!.logouts.length;
      await slapd!.modifyPerson('alice', { employeeType: 'disabled' });
      const printed = await adminCli({ dataDir: portal!.dataDir }, ['sync-directory', 'corp']);
      assert.match(printed, /^disabled 1$/m, printed);

      await waitUntil(() => rp!.logouts.length > logoutsBefore, { timeoutMs: 10_000, failure: () => `logout tokens: ${rp!.logouts.length}` });
      assert.deepEqual(rp!.refusedLogouts, []);
      await page.goto(`${rp!.origin}/refresh`);
      assert.match((await page.locator('#refresh').textContent()) ?? '', /^刷新被拒绝：invalid_grant/);
      await waitUntilAsync(() => appSendsToPortal(page, `${app!.origin}/secret/`, issuer), { timeoutMs: 10_000, everyMs: 100, failure: () => `the Apache app still signed in: ${app!.errorLog().split('\n').filter((l) => /logout/i.test(l)).slice(-5).join('\n')}` });
      await page.goto(`${issuer}/home`);
      await waitForLoginPage(page);
      await journey.shot('signed-out-everywhere');
      await submitPasswordLogin(page, PEOPLE.alice.uid, alicePassword);
      await formError(page).filter({ hasText: Refusal.accountDisabled[1] }).waitFor();
      void context;
    });
  });
});

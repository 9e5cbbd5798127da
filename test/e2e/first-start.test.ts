// A production instance from its first start, run by its operator in the browser: the login page
// says the service is not set up; the setup link the server printed creates the first
// administrator and is dead afterwards; in the console the administrator creates a group,
// registers an app (a real openid-client relying party on its own origin) and creates an account
// in that group; the account signs in at the app (changing its first password); disabling the
// account in the console sends the app a back-channel logout, its refresh token is refused, and the
// account can no longer sign in; the audit lists the sign-in and each administrator action.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Refusal } from '../../contract/errors.ts';
import { freePort } from '../helpers/free-port.ts';
import { startRelyingParty, untilClientsKnown, type RelyingParty } from '../helpers/relying-party.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { launchBrowser, runJourney } from './support/browser.ts';
import { openConsoleSection, signInToConsoleEnrolling } from './support/console-ui.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';
import {
  changePasswordDialog, credentialInput, formError, loginBox, submitPasswordLogin, systemDialog, toast, waitForLoginPage,
} from './support/portal-ui.ts';

const OPERATOR = { name: 'ops', password: 'Bx7#mQ2!vLp9' };
const ACCOUNT = { name: 'liming', first: 'Rt5$wN8@kQz1', own: 'Hs3&jV6^pXc4' };

const openSection = openConsoleSection;

const status = (page: Page) => page.locator('#status');

describe('a production instance from its first start', { timeout: 240_000 }, () => {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  let app: RelyingParty | undefined;
  let issuer = '';
  let clientSecret = '';

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    // The app starts before it is registered: its secret is the one the console shows once.
    app = await startRelyingParty({ title: '业务系统', clientId: 'crm', clientSecret: () => clientSecret, issuer });
    const [started, launched] = await Promise.allSettled([
      startPortalServer({
        NODE_ENV: 'production', SSO_SEED_DEMO: 'false', SSO_PORT: String(port), SSO_PUBLIC_URL: issuer,
        SSO_ENC_KEY: crypto.randomBytes(8).toString('hex'), SSO_SIGN_SECRET: crypto.randomBytes(24).toString('base64url'),
      }),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
    await app?.close();
  });

  it('is set up through the printed link, runs an app from the console, and disabling an account ends its access everywhere', async () => {
    const server = portal!;
    const rp = app!;
    await waitUntil(() => /\/admin\/setup\?token=/.test(server.output()), { timeoutMs: 10_000, failure: () => server.output() });
    const setupLink = /(http:\/\/\S+\/admin\/setup\?token=[A-Za-z0-9_-]+)/.exec(server.output())![1]!;
    assert.ok(setupLink.startsWith(`${issuer}/admin/setup?token=`), 'the link is on the public URL');

    await runJourney(browser!, 'first-start', async (journey) => {
      const { page } = journey;

      // Before setup the login page says so, in the login box, and signing in is refused the same way.
      await page.goto(`${issuer}/`);
      await loginBox(page).getByText(Refusal.notSetUp[1]).first().waitFor();
      await journey.shot('login-page-not-set-up');

      // The console's sign-in page tells how to create the first administrator (only now: see console-ui.test.ts).
      await page.goto(`${issuer}/admin`);
      await page.getByTestId('setup-hint').filter({ hasText: '新部署的系统还没有管理员' }).waitFor();
      assert.doesNotMatch(await page.content(), /token=[A-Za-z0-9_-]{20,}/, 'never the setup token');

      // The setup link: the first administrator.
      await page.goto(setupLink);
      const setup = page.getByRole('form', { name: '创建第一位管理员' });
      await setup.getByLabel('管理员用户名').fill(OPERATOR.name);
      await setup.getByLabel('密码', { exact: true }).fill(OPERATOR.password);
      await setup.getByLabel('确认密码').fill(OPERATOR.password);
      await journey.shot('setup-form');
      await setup.getByRole('button', { name: '创建管理员并进入控制台' }).click();
      await page.getByTestId('admin-username').filter({ hasText: OPERATOR.name }).waitFor();
      await journey.shot('console-after-setup');

      // 客户群: the instance's default group exists; a dealers' group is added.
      const groups = await openSection(page, '客户群', 'groups');
      await groups.getByRole('row').filter({ hasText: 'default' }).waitFor();
      await groups.getByRole('button', { name: '新建客户群' }).click();
      const groupForm = groups.getByRole('form', { name: '新建客户群' });
      await groupForm.getByLabel('代码').fill('dealers');
      await groupForm.getByLabel('名称', { exact: true }).fill('经销商');
      await groupForm.getByLabel('域名（每行一个）').fill('dealers.localhost');
      await groupForm.getByRole('button', { name: '创建客户群' }).click();
      await groups.getByRole('row').filter({ hasText: 'dealers' }).waitFor();

      // 应用: the app, for members of the dealers' group; its secret is shown once and handed to the app.
      const clients = await openSection(page, '应用', 'clients');
      await clients.getByRole('button', { name: '新建客户端' }).click();
      const clientForm = clients.getByRole('form', { name: '新建客户端' });
      await clientForm.getByLabel('客户端 ID').fill('crm');
      await clientForm.getByLabel('名称', { exact: true }).fill('业务系统');
      await clientForm.getByLabel('回调地址（每行一个）').fill(rp.redirectUri);
      await clientForm.getByLabel('退出后跳转地址（每行一个）').fill(rp.postLogoutRedirectUri);
      await clientForm.getByLabel('后端通道退出地址').fill(rp.backchannelLogoutUri);
      await clientForm.getByLabel('经销商（dealers）').check();
      await clientForm.getByRole('button', { name: '创建客户端' }).click();
      const secretDialog = page.locator('dialog[open]').filter({ hasText: '客户端密钥' });
      clientSecret = ((await secretDialog.getByTestId('client-secret').textContent()) ?? '').trim();
      assert.ok(clientSecret.length >= 24, 'a generated secret');
      await secretDialog.getByRole('button', { name: '我已保存，关闭' }).click();
      await clients.getByRole('row').filter({ hasText: 'crm' }).waitFor();

      // 账号: an account in the dealers' group (its first password must be changed at the first sign-in).
      const accounts = await openSection(page, '账号', 'accounts');
      await accounts.getByRole('button', { name: '新建账号' }).click();
      const accountForm = accounts.getByRole('form', { name: '新建账号' });
      await accountForm.getByLabel('用户名').fill(ACCOUNT.name);
      await accountForm.getByLabel('初始密码', { exact: true }).fill(ACCOUNT.first);
      await accountForm.getByLabel('确认初始密码').fill(ACCOUNT.first);
      await accountForm.getByLabel('经销商（dealers）').check();
      await accountForm.getByRole('button', { name: '创建账号' }).click();
      await accounts.getByRole('row').filter({ hasText: ACCOUNT.name }).filter({ hasText: 'dealers' }).waitFor();
      await journey.shot('account-created');
    });

    // The dead link, in a browser of its own.
    await runJourney(browser!, 'first-start-link-dead', async ({ page }) => {
      await page.goto(setupLink);
      await page.getByText('设置链接无效、已使用或已过期').waitFor();
      assert.equal(await page.getByRole('form', { name: '创建第一位管理员' }).count(), 0);
    });

    // The account signs in at the app through the portal: first password changed, then signed in.
    await untilClientsKnown(issuer, [{ clientId: 'crm', redirectUri: rp.redirectUri }]);
    await runJourney(browser!, 'first-start-account', async (journey) => {
      const { page } = journey;
      await page.goto(`${rp.origin}/login`);
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, ACCOUNT.name, ACCOUNT.first);
      await systemDialog(page).getByRole('button', { name: '确定' }).click();
      await changePasswordDialog(page).waitFor();
      await credentialInput(page, '原密码').fill(ACCOUNT.first);
      await credentialInput(page, '新密码').fill(ACCOUNT.own);
      await credentialInput(page, '确认新密码').fill(ACCOUNT.own);
      await changePasswordDialog(page).getByRole('button', { name: '确定' }).click();
      await toast(page, 'success', '密码修改成功，请使用新密码登录').waitFor();
      await submitPasswordLogin(page, ACCOUNT.name, ACCOUNT.own);
      await page.waitForURL(`${rp.origin}/`);
      assert.equal(await status(page).textContent(), `已登录：${ACCOUNT.name}`);
      await page.goto(`${rp.origin}/refresh`);
      assert.equal(await page.locator('#refresh').textContent(), '已刷新', 'the app can refresh while the account is enabled');
      await journey.shot('signed-in-at-app');

      // The operator disables the account (in another tab of the console).
      const console_ = await journey.context.newPage();
      await console_.goto(`${issuer}/admin`);
      // Production asks every administrator for a second factor: the first console sign-in after
      // the setup enrols an authenticator app.
      await signInToConsoleEnrolling(console_, OPERATOR.name, OPERATOR.password);
      const accounts = await openSection(console_, '账号', 'accounts');
      await accounts.getByRole('button', { name: `管理账号 ${ACCOUNT.name}` }).click();
      const detail = accounts.locator('.account-detail');
      await detail.getByRole('heading', { name: `账号：${ACCOUNT.name}` }).waitFor();
      const logoutsBefore = rp.logouts.length;
      await detail.getByRole('button', { name: '停用账号' }).click();
      const confirm = console_.locator('dialog[open][role="alertdialog"]');
      await confirm.getByRole('button', { name: '停用账号', exact: true }).click();
      await detail.getByText('已停用').first().waitFor();
      await journey.shot('account-disabled');

      // The app got its back-channel logout; its refresh token is refused.
      await waitUntil(() => rp.logouts.length > logoutsBefore, { timeoutMs: 10_000, failure: () => `logout tokens: ${rp.logouts.length}` });
      assert.deepEqual(rp.refusedLogouts, []);
      await page.goto(`${rp.origin}/`);
      assert.equal(await status(page).textContent(), '未登录');
      await page.goto(`${rp.origin}/refresh`);
      assert.match((await page.locator('#refresh').textContent()) ?? '', /^刷新被拒绝：invalid_grant/);

      // Signing in again is refused with the disabled text.
      await page.goto(`${rp.origin}/login`);
      await page.waitForURL((url) => url.origin === issuer);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, ACCOUNT.name, ACCOUNT.own);
      await formError(page).filter({ hasText: Refusal.accountDisabled[1] }).waitFor();
      await journey.shot('disabled-sign-in-refused');

      // 审计: the sign-in at the app and every administrator action.
      const audit = await openSection(console_, '审计', 'audit');
      await audit.getByRole('row').filter({ hasText: ACCOUNT.name }).filter({ hasText: 'crm' }).first().waitFor();
      const actions = audit.getByRole('table', { name: '管理操作记录' });
      // In Chinese (portal/admin/audit.messages.ts): setup.create-admin, group.create, client.create, account.create, account.disable.
      for (const action of ['创建首个管理员', '新建客户群', '新建客户端', '新建账号', '停用账号']) {
        await actions.getByRole('row').filter({ hasText: action }).first().waitFor();
      }
      await journey.shot('audit');
    });
  });
});

// Password rules as a person meets them in the browser: a first login forces a change, an aged
// password asks for one (both then end signed in with the new password), and five wrong passwords
// lock the account (该账号已锁定).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runJourney, type Journey } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import type { PortalServer } from './support/portal-server.ts';
import {
  DEMO,
  changePasswordDialog,
  credentialInput,
  formError,
  submitPasswordLogin,
  systemDialog,
  toast,
  waitForHome,
  waitForLoginPage,
} from './support/portal-ui.ts';

const FIRST_LOGIN = '首次登录需要修改密码，请修改密码后重新登录';
const PASSWORD_AGED = '您的密码已超过一个月未修改，为了账号安全，请修改密码';
const PASSWORD_CHANGED = '密码修改成功，请使用新密码登录';

/**
 * Signs in with the old password, meets the system prompt `prompt`, confirms, changes the password
 * in the dialog and signs in with the new one.
 */
async function changeOnSignIn(journey: Journey, server: PortalServer, user: { name: string; password: string }, prompt: string): Promise<void> {
  const { page } = journey;
  const newPassword = 'Nov@2026Changed';
  await page.goto(`${server.url}/`);
  await waitForLoginPage(page);
  await submitPasswordLogin(page, user.name, user.password);

  const confirm = systemDialog(page);
  await confirm.getByRole('heading', { name: '系统提示' }).waitFor();
  assert.equal(await confirm.locator('.sso-dialog__text').textContent(), prompt);
  assert.deepEqual(await confirm.getByRole('button').allTextContents(), ['取消', '确定']);
  await journey.shot('change-required-prompt');
  await confirm.getByRole('button', { name: '确定' }).click();

  const dialog = changePasswordDialog(page);
  await dialog.getByRole('heading', { name: '修改密码' }).waitFor();
  assert.equal(await dialog.getByLabel('用户名', { exact: true }).inputValue(), user.name);
  await credentialInput(page, '原密码').fill(user.password);
  await credentialInput(page, '新密码').fill(newPassword);
  await credentialInput(page, '确认新密码').fill(newPassword);
  await journey.shot('change-password-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();

  await toast(page, 'success', PASSWORD_CHANGED).waitFor();
  await dialog.waitFor({ state: 'detached' });
  // Back on password login with the username kept, and never the old password (issue 15).
  assert.equal(await credentialInput(page, '用户名').inputValue(), user.name);
  assert.equal(await credentialInput(page, '密码').inputValue(), '');
  await journey.shot('password-changed');

  // The old password no longer works (said in the form); the new one signs in without any prompt.
  await submitPasswordLogin(page, user.name, user.password);
  await formError(page).filter({ hasText: '用户名或密码错误' }).waitFor();
  await submitPasswordLogin(page, user.name, newPassword);
  await waitForHome(page, user.name);
  assert.equal(await systemDialog(page).count(), 0);
  await journey.shot('signed-in-with-new-password');
}

/** Submits the password form and returns the HTTP status of the doLogin answer. */
async function signInAndWaitForAnswer(page: Page, name: string, password: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/centerAuth/sso/doLogin')),
    submitPasswordLogin(page, name, password),
  ]);
  return response.status();
}

/** 该账号已锁定 with the minutes left, in the form where the user looks (issue 15). */
async function lockedMessage(page: Page): Promise<void> {
  await formError(page).filter({ hasText: /^该账号已锁定，请 \d+ 分钟后再试$/ }).waitFor();
}

describe('password rules: first login, ageing, lockout', { timeout: 150_000 }, () => {
  const portal = usePortalAndBrowser();

  it('first login (AU00154) forces a password change, then the user is signed in', async () => {
    await runJourney(portal.browser, 'first-login', (journey) => changeOnSignIn(journey, portal.server, DEMO.firstlogin, FIRST_LOGIN));
  });

  it('an aged password (AU00153) asks for a change, then the user is signed in', async () => {
    await runJourney(portal.browser, 'aged-password', (journey) => changeOnSignIn(journey, portal.server, DEMO.agedpwd, PASSWORD_AGED));
  });

  it('five wrong passwords give 该账号已锁定, and then even the right one is refused', async () => {
    await runJourney(portal.browser, 'lockout', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const answer = await signInAndWaitForAnswer(page, DEMO.zhangwei.name, `Wrong@pass${attempt}`);
        assert.equal(answer, 200, `attempt ${attempt} is an ordinary refusal`);
        await formError(page).filter({ hasText: '用户名或密码错误' }).waitFor();
      }
      await journey.shot('four-wrong-passwords');
      assert.equal(await signInAndWaitForAnswer(page, DEMO.zhangwei.name, 'Wrong@pass5'), 423);
      await lockedMessage(page);
      await journey.shot('locked-after-five');

      await page.reload();
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await lockedMessage(page);
      assert.equal(new URL(page.url()).pathname, '/');
      await journey.shot('right-password-still-locked');
    });
  });
});

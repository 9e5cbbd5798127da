// 忘记密码 end to end: dealer01 is signed in on one browser; on another, someone with the phone
// opens 忘记密码, gets the reset code (read from the server's development SMS outbox), sets a new
// password and signs in with it. The first browser's session has ended. Then the ageing prompt:
// agedpwd reads why, and 稍后修改 signs in without a change while the grace lasts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runJourney, startJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import {
  changePasswordDialog, credentialInput, DEMO, loginBox, loginBoxTitle, submitPasswordLogin, systemDialog, toast, waitForHome, waitForHomeNotMember, waitForLoginPage,
} from './support/portal-ui.ts';

const NEW_PASSWORD = 'Reset#2026dealer';

describe('忘记密码 and 稍后修改', { timeout: 180_000 }, () => {
  const portal = usePortalAndBrowser();

  it('resets dealer01 by SMS code, ends the other session, and signs in with the new password', async () => {
    const other = await startJourney(portal.browser, 'forgot-password-other-browser');
    try {
      await other.page.goto(`${portal.server.url}/`);
      await waitForLoginPage(other.page);
      await submitPasswordLogin(other.page, DEMO.dealer01.name, DEMO.dealer01.password);
      await waitForHomeNotMember(other.page, DEMO.dealer01.name);

      await runJourney(portal.browser, 'forgot-password', async (journey) => {
        const { page } = journey;
        await page.goto(`${portal.server.url}/`);
        await waitForLoginPage(page);
        await loginBox(page).getByRole('button', { name: '忘记密码' }).click();
        const form = loginBox(page).locator('form[name="sso-forgot-password"]');
        await form.waitFor();
        assert.equal(await loginBoxTitle(page).textContent(), '重置密码');
        await journey.shot('forgot-view');

        await form.getByLabel('手机号', { exact: true }).fill(DEMO.dealer01.phone);
        await form.getByRole('button', { name: '获取验证码' }).click();
        await toast(page, 'success', '验证码已发送').waitFor();
        const sms = await portal.server.waitForSms(DEMO.dealer01.phone, 'reset');
        assert.match(sms.code, /^\d{6}$/);
        assert.match((await form.locator('[part~="send-code"]').textContent()) ?? '', /^\d+秒后重新获取$/);

        // A wrong code is refused at the code field; the right one resets.
        await form.getByLabel('短信验证码', { exact: true }).fill(sms.code === '000000' ? '111111' : '000000');
        await credentialInput(page, '新密码').fill(NEW_PASSWORD);
        await credentialInput(page, '确认新密码').fill(NEW_PASSWORD);
        await form.getByRole('button', { name: '重置密码' }).click();
        await form.locator('.sso-field-error[data-field="code"]', { hasText: '验证码错误或已过期' }).waitFor();
        await journey.shot('wrong-code');
        await form.getByLabel('短信验证码', { exact: true }).fill(sms.code);
        await form.getByRole('button', { name: '重置密码' }).click();

        await toast(page, 'success', '密码已重置，请使用新密码登录').waitFor();
        await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
        await journey.shot('reset-done');
        await submitPasswordLogin(page, DEMO.dealer01.name, NEW_PASSWORD);
        await waitForHomeNotMember(page, DEMO.dealer01.name);
        await journey.shot('signed-in-with-new-password');
      });

      // The reset ended dealer01's session in the other browser.
      const stillSignedIn = await other.page.evaluate(async () => (await (await fetch('/api/centerAuth/sso/isLogin')).json()).data);
      assert.equal(stillSignedIn, false);
    } finally {
      await other.close();
    }
  });

  it('an aged password explains itself, and 稍后修改 signs in without a change', async () => {
    await runJourney(portal.browser, 'postpone-aged-password', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.agedpwd.name, DEMO.agedpwd.password);
      await systemDialog(page).getByRole('button', { name: '确定' }).click();
      const dialog = changePasswordDialog(page);
      await dialog.waitFor();
      const explanation = (await dialog.locator('.sso-dialog__explain').textContent()) ?? '';
      assert.match(explanation, /您的密码已 40 天未修改，超过了 30 天的有效期/);
      assert.match(explanation, /\d{4}年\d{1,2}月\d{1,2}日前仍可直接登录，之后必须修改/);
      await journey.shot('aged-explained');
      await dialog.getByRole('button', { name: '稍后修改' }).click();
      await waitForHome(page, DEMO.agedpwd.name);
      await journey.shot('postponed-home');
    });
  });
});

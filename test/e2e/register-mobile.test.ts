// A new dealer registers on the EXEED brand site with an SMS code (read from the server's development
// SMS outbox, where the test sender writes), then signs in by mobile with a login code and lands on
// the application centre, which shows the EXEED group he joined by registering there and nothing
// of the staff groups.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { appCenter, assertCards, credentialInput, loginBox, loginBoxTitle, toast, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

const NEW_DEALER = { username: 'dealer88', phone: '13912345678', password: 'Dealer@2026new' };

describe('register, then sign in by mobile', { timeout: 120_000 }, () => {
  // The register code and the login code go to the same phone within a minute, with the default
  // 60 s resend cooldown: it is per phone and purpose, so the login code is sent at once.
  const portal = usePortalAndBrowser();

  it('registers dealer88 with an SMS code, then signs in with phone and SMS code', async () => {
    await runJourney(portal.browser, 'register-then-mobile', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.hostUrl('exeed.localhost')}/`);
      await waitForLoginPage(page, 'exeed');
      await loginBox(page).getByRole('button', { name: '注册账号' }).click();
      const register = loginBox(page).locator('form[name="sso-register"]');
      await register.waitFor();
      assert.equal(await loginBoxTitle(page).textContent(), '注册账号');

      // The rules are checked on leaving each field: an existing username is refused first.
      await credentialInput(page, '用户名').fill('zhangwei');
      await register.getByLabel('手机号', { exact: true }).focus();
      await register.locator('.sso-field-error[data-field="username"]', { hasText: '用户名已经存在' }).waitFor();
      await credentialInput(page, '用户名').fill(NEW_DEALER.username);
      await register.getByLabel('手机号', { exact: true }).fill(NEW_DEALER.phone);
      await register.getByLabel('短信验证码', { exact: true }).focus();
      await register.locator('.sso-field-error[data-field="username"]').waitFor({ state: 'detached' });
      await journey.shot('register-form');

      await register.getByRole('button', { name: '获取验证码' }).click();
      await toast(page, 'success', '验证码已发送').waitFor();
      const registerSms = await portal.server.waitForSms(NEW_DEALER.phone, 'register');
      assert.match(registerSms.code, /^\d{6}$/);
      // The button counts down before another code can be asked for.
      assert.match((await register.locator('[part~="send-code"]').textContent()) ?? '', /^\d+秒后重新获取$/);
      await register.getByLabel('短信验证码', { exact: true }).fill(registerSms.code);
      await credentialInput(page, '密码').fill(NEW_DEALER.password);
      await credentialInput(page, '确认密码').fill(NEW_DEALER.password);
      await journey.shot('register-code-sent');
      await register.getByRole('button', { name: '注册', exact: true }).click();

      await toast(page, 'success', '注册成功，请登录').waitFor();
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      assert.equal(await credentialInput(page, '用户名').inputValue(), NEW_DEALER.username);
      await journey.shot('registered-back-to-login');

      await loginBox(page).getByRole('button', { name: '手机登录' }).click();
      const mobile = loginBox(page).locator('form[name="sso-mobile-login"]');
      await mobile.waitFor();
      assert.equal(await loginBoxTitle(page).textContent(), '手机登录');
      await mobile.getByLabel('手机号', { exact: true }).fill(NEW_DEALER.phone);
      await mobile.getByRole('button', { name: '获取验证码' }).click();
      await toast(page, 'success', '验证码已发送').last().waitFor();
      const loginSms = await portal.server.waitForSms(NEW_DEALER.phone, 'login');
      assert.notEqual(loginSms.code, '', 'a login code was sent to the registered phone');
      await mobile.getByLabel('短信验证码', { exact: true }).fill(loginSms.code);
      await journey.shot('mobile-login-form');
      await mobile.getByRole('button', { name: '登录', exact: true }).click();

      await waitForHome(page, NEW_DEALER.username);
      await assertCards(page, ['星途经销商系统', '星途售后', '星途培训']);
      // His only group: its name without a menu of other groups (no staff group to switch to).
      assert.equal(await appCenter(page).locator('[part="group-name"]').textContent(), '星途 EXEED 经销商平台');
      assert.equal(await appCenter(page).locator('[part="group-button"]').count(), 0);
      await journey.shot('home-as-new-dealer');
    });
  });
});

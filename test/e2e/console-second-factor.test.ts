// The console sign-in's second step in a real browser (issue 31): with SSO_CONSOLE_REQUIRE_SECOND_FACTOR
// the demo administrator, who has no authenticator app, enrols one at the console sign-in (QR code
// and key, the first code, the recovery codes shown once) and reaches the console; the next sign-in
// asks for the code, answered here with a recovery code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { codeAt } from '../../server/mfa/totp.ts';

const ADMIN = { name: 'admin', password: 'Sso@2026admin' };

describe('console sign-in with a second factor', { timeout: 180_000 }, () => {
  const portal = usePortalAndBrowser({ SSO_CONSOLE_REQUIRE_SECOND_FACTOR: 'true' });

  it('enrols an authenticator app at the first console sign-in, then asks for the code', async () => {
    await runJourney(portal.browser, 'console-second-factor', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/admin`);
      const signIn = page.getByRole('form', { name: '登录管理控制台' });
      await signIn.getByLabel('用户名').fill(ADMIN.name);
      await signIn.getByLabel('密码').fill(ADMIN.password);
      await signIn.getByRole('button', { name: '登录' }).click();

      const step = page.getByRole('form', { name: '二次验证' });
      await step.getByText('管理控制台要求二次验证', { exact: false }).waitFor();
      assert.equal(await page.getByTestId('admin-username').count(), 0, 'no console yet');
      await step.getByRole('button', { name: '获取二维码' }).click();
      await step.getByRole('img', { name: '用身份验证器扫描此二维码' }).waitFor();
      const secret = (await step.locator('code').first().textContent())!.trim();
      assert.match(secret, /^[A-Z2-7]{32}$/);
      await step.getByRole('button', { name: '绑定并登录' }).click();
      await step.locator('.field__error', { hasText: '请输入 6 位数字动态验证码' }).waitFor();
      await step.getByLabel('动态验证码').fill(codeAt(secret, Date.now()));
      await journey.shot('enrol');
      await step.getByRole('button', { name: '绑定并登录' }).click();

      const saved = page.getByRole('group', { name: '请保存恢复码' });
      await saved.waitFor();
      const codes = await saved.locator('li code').allTextContents();
      assert.equal(codes.length, 10);
      await saved.getByRole('button', { name: '我已保存，继续' }).click();
      await page.getByTestId('admin-username').filter({ hasText: ADMIN.name }).waitFor();

      // Signed out, the next sign-in asks for the code; a recovery code answers it.
      await page.getByRole('button', { name: '退出' }).click();
      const again = page.getByRole('form', { name: '登录管理控制台' });
      await again.getByLabel('用户名').fill(ADMIN.name);
      await again.getByLabel('密码').fill(ADMIN.password);
      await again.getByRole('button', { name: '登录' }).click();
      const verify = page.getByRole('form', { name: '二次验证' });
      await verify.getByText('请输入身份验证器中的 6 位动态验证码', { exact: false }).waitFor();
      await verify.getByRole('button', { name: '无法使用身份验证器？使用恢复码' }).click();
      await verify.getByLabel('恢复码').fill(codes[0]!);
      await verify.getByRole('button', { name: '验证并登录' }).click();
      await page.getByTestId('admin-username').filter({ hasText: ADMIN.name }).waitFor();
    });
  });
});

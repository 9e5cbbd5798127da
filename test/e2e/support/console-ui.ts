// The operator console (/admin) as an administrator uses it, in the words of the screen: the
// e2e journeys and `npm run screenshots` reach its sections the same way.
import type { Locator, Page } from 'playwright-core';
import { codeAt } from '../../../server/mfa/totp.ts';

export type ConsoleSection = 'clients' | 'groups' | 'accounts' | 'directories' | 'audit';

export const consoleSection = (page: Page, id: ConsoleSection): Locator => page.locator(`#section-${id}`);

/** Opens a section from the side navigation and waits until its list has loaded. */
export async function openConsoleSection(page: Page, label: string, id: ConsoleSection): Promise<Locator> {
  await page.getByRole('navigation', { name: '控制台栏目' }).getByRole('link', { name: label, exact: true }).click();
  const shown = consoleSection(page, id);
  await shown.waitFor({ state: 'visible' });
  await shown.getByText('正在加载…').first().waitFor({ state: 'detached' }).catch(() => undefined);
  return shown;
}

/** Signs in on the console's sign-in page (the page must show it). */
export async function signInToConsole(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: '登录管理控制台' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码').fill(password);
  await form.getByRole('button', { name: '登录' }).click();
  await page.getByTestId('admin-username').filter({ hasText: username }).waitFor();
}

/**
 * Signs in where the console requires a second factor the account has not got yet (production's
 * default, SSO_CONSOLE_REQUIRE_SECOND_FACTOR): enrols an authenticator app at the sign-in, as an
 * operator would, and reaches the console. Answers the app's secret for later codes.
 */
export async function signInToConsoleEnrolling(page: Page, username: string, password: string): Promise<string> {
  const form = page.getByRole('form', { name: '登录管理控制台' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码').fill(password);
  await form.getByRole('button', { name: '登录' }).click();
  const step = page.getByRole('form', { name: '二次验证' });
  await step.getByText('管理控制台要求二次验证', { exact: false }).waitFor();
  await step.getByRole('button', { name: '获取二维码' }).click();
  const secret = ((await step.locator('code').first().textContent()) ?? '').trim();
  await step.getByLabel('动态验证码').fill(codeAt(secret, Date.now()));
  await step.getByRole('button', { name: '绑定并登录' }).click();
  await page.getByRole('group', { name: '请保存恢复码' }).getByRole('button', { name: '我已保存，继续' }).click();
  await page.getByTestId('admin-username').filter({ hasText: username }).waitFor();
  return secret;
}

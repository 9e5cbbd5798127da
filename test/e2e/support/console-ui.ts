// The operator console (/admin) as an administrator uses it, in the words of the screen: the
// e2e journeys and `npm run screenshots` reach its sections the same way.
import type { Locator, Page } from 'playwright-core';

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

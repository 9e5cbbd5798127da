// What a person sees and does on the portal, in the words of the screen: the login box of
// <sso-login>, the application centre of <app-center>, the system-prompt dialog and toasts.
// Playwright's CSS and text locators pierce the elements' open shadow roots.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export const DEMO = {
  zhangwei: { name: 'zhangwei', password: 'Sso@2026demo' },
  firstlogin: { name: 'firstlogin', password: 'Sso@2026first' },
  agedpwd: { name: 'agedpwd', password: 'Sso@2026aged' },
  dealer01: { name: 'dealer01', password: 'Sso@2026dealer', phone: '13800000001' },
} as const;

/** The login box (password, mobile, register, redirect and logout views). */
export const loginBox = (page: Page): Locator => page.locator('sso-login [part="box"]');

/** The title of the login box's current view (密码登录, 手机登录, 注册账号 ...). */
export const loginBoxTitle = (page: Page): Locator => loginBox(page).locator('.sso-box__title');

export const brandPanel = (page: Page): Locator => page.locator('sso-login [part="brand"]');

/** The open system-prompt dialog (系统提示) of either element. */
export const systemDialog = (page: Page): Locator => page.locator('dialog[open]:not(.sso-change-password)');

export const changePasswordDialog = (page: Page): Locator => page.locator('sso-login dialog.sso-change-password[open]');

/** A toast of the given type (error, success, ...) carrying exactly `text`. */
export const toast = (page: Page, type: string, text: string): Locator =>
  page.locator(`[part="toast"][data-type="${type}"]`).filter({ has: page.locator('.sso-toast__text', { hasText: text }) });

/** The error of a login-box form as a whole (wrong password, locked account), shown above its button. */
export const formError = (page: Page, form: 'sso-password-login' | 'sso-mobile-login' = 'sso-password-login'): Locator =>
  loginBox(page).locator(`form[name="${form}"] .sso-form-error[role="alert"]`);

export const BRAND_TITLES = {
  default: '企业统一登录平台',
  'key-account': '大客户营销平台',
  exeed: '星途 EXEED 经销商平台',
} as const;

/** Waits for the login page (password view) of the brand (data-brand code and title of the panel). */
export async function waitForLoginPage(page: Page, brand: keyof typeof BRAND_TITLES = 'default'): Promise<void> {
  await page.locator(`sso-login [part="base"][data-brand="${brand}"]`).waitFor();
  await brandPanel(page).locator('.sso-brand__title', { hasText: BRAND_TITLES[brand] }).waitFor();
  await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
}

/**
 * A credential input (password form, register form, change-password dialog): a light-DOM child of
 * <sso-login> slotted into the shadow form (so password managers see it), named by its aria-label.
 */
export const credentialInput = (page: Page, label: '用户名' | '密码' | '原密码' | '新密码' | '确认新密码' | '确认密码'): Locator => page.locator(`sso-login > input[aria-label="${label}"]`);

/** Types into the password form and presses 登录. */
export async function submitPasswordLogin(page: Page, name: string, password: string): Promise<void> {
  const form = loginBox(page).locator('form[name="sso-password-login"]');
  await credentialInput(page, '用户名').fill(name);
  await credentialInput(page, '密码').fill(password);
  await form.getByRole('button', { name: '登录', exact: true }).click();
}

/** The application centre as a signed-in user sees it: the cards' titles, once loaded. */
export const appCenter = (page: Page): Locator => page.locator('app-center [part="base"]');
export const appCards = (page: Page): Locator => page.locator('app-center [part="card"]');
export const cardTitles = (page: Page): Promise<string[]> => page.locator('app-center [part="card-title"]').allTextContents();

/** Waits for /home with the heading 应用中心, `username` in the user menu and at least one card. */
export async function waitForHome(page: Page, username: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/home');
  await appCenter(page).getByRole('heading', { name: '应用中心', exact: true }).waitFor();
  await page.locator('app-center [part="username"]', { hasText: username }).waitFor();
  await appCards(page).first().waitFor();
}

/**
 * Waits for /home as an account that is not a member of the host's group sees it (access per group):
 * the heading, `username` in the user menu, the not-member notice and no card.
 */
export async function waitForHomeNotMember(page: Page, username: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/home');
  await appCenter(page).getByRole('heading', { name: '应用中心', exact: true }).waitFor();
  await page.locator('app-center [part="username"]', { hasText: username }).waitFor();
  await page.locator('app-center [part="not-member"]', { hasText: '您的账号不属于当前客户群' }).waitFor();
  assert.equal(await appCards(page).count(), 0, 'no app of a group the account is not in');
}

/** Asserts the cards shown, in order. */
export async function assertCards(page: Page, titles: string[]): Promise<void> {
  await page.waitForFunction(
    (count) => document.querySelector('app-center')?.shadowRoot?.querySelectorAll('[part="card"]').length === count,
    titles.length,
  );
  assert.deepEqual(await cardTitles(page), titles);
}

/** Opens the user menu (username on its button). */
export async function openUserMenu(page: Page): Promise<void> {
  await page.locator('app-center [part="user-button"]').click();
  await page.locator('app-center [part="user-menu"]').waitFor();
}

/** Chooses 退出登录 in the open user menu. */
export async function chooseExit(page: Page): Promise<void> {
  await page.locator('app-center [part="user-menu"]').getByRole('menuitem', { name: '退出登录' }).click();
}

/** Opens the user menu and chooses 退出登录. */
export async function exitFromHome(page: Page): Promise<void> {
  await openUserMenu(page);
  await chooseExit(page);
}

/** The account page's 验证身份 dialog (issue 31): the password given again before a security change; the change then goes on. */
export async function proveIdentityInDialog(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '验证身份' });
  await dialog.waitFor();
  await dialog.getByLabel('登录密码').fill(password);
  await dialog.getByRole('button', { name: '确认' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// What `npm run screenshots` photographs: the six brand hosts (demo data: the server picks the
// client group, and with it the brand, from the host), the views a person can reach there, and
// the three widths. Each view is reached the way a person reaches it, in the words of the screen.
import type { Page } from 'playwright-core';
import { MOBILE_LOGIN, REGISTER } from '../../widget/sso-login/sso-login.messages.ts';
import { FORGOT_PASSWORD } from '../../widget/sso-login/forgot-password/forgot-password.messages.ts';
import {
  changePasswordDialog, DEMO, loginBox, submitPasswordLogin, systemDialog,
} from '../../test/e2e/support/portal-ui.ts';
import { openConsoleSection, signInToConsole, type ConsoleSection } from '../../test/e2e/support/console-ui.ts';

export const WIDTHS = [320, 768, 1280] as const;

export const BRAND_HOSTS = [
  { brand: 'default', host: 'localhost' },
  { brand: 'ka', host: 'ka.localhost' },
  { brand: 'operation', host: 'operation.localhost' },
  { brand: 'yingfeng', host: 'yingfeng.localhost' },
  { brand: 'icar', host: 'icar.localhost' },
  { brand: 'exeed', host: 'exeed.localhost' },
] as const;

export interface View {
  id: string;
  label: string;
  /** Photographed for the first brand only (the page does not depend on the host's brand). */
  onlyOnce?: boolean;
  /** Brings `page` to the view on the site at `origin`; false when the site does not offer it. */
  reach(page: Page, origin: string): Promise<boolean>;
}

async function passwordView(page: Page, origin: string, query = ''): Promise<void> {
  await page.goto(`${origin}/login${query}`);
  await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
  // The group's configuration has arrived (brand, QR toggle) once its background pictures are set.
  await page.locator('sso-login .sso-carousel__image').first().waitFor({ state: 'attached', timeout: 3000 }).catch(() => undefined);
}

/** Presses the login box's button named `text`; false when the box has none (not offered here). */
async function pressBoxButton(page: Page, text: string): Promise<boolean> {
  const button = loginBox(page).getByRole('button', { name: text, exact: true });
  if ((await button.count()) === 0) return false;
  await button.first().click();
  return true;
}

/** The console's sections, and what each picture opens in it. */
const CONSOLE_SECTIONS: { id: ConsoleSection; label: string; open?(page: Page): Promise<void> }[] = [
  { id: 'clients', label: '应用' },
  {
    id: 'groups', label: '客户群',
    async open(page) {
      await page.locator('#section-groups').getByRole('button', { name: /^编辑客户群 星途/ }).click();
      await page.locator('.theme-preview sso-login [part="box"]').waitFor();
    },
  },
  {
    id: 'accounts', label: '账号',
    async open(page) {
      await page.getByRole('button', { name: '管理账号 zhangwei' }).click();
      await page.locator('.account-detail').waitFor();
    },
  },
  { id: 'audit', label: '审计' },
];

export const VIEWS: View[] = [
  {
    id: 'login', label: '密码登录',
    reach: async (page, origin) => (await passwordView(page, origin), true),
  },
  {
    id: 'qr', label: '扫码登录',
    async reach(page, origin) {
      await passwordView(page, origin);
      const toggle = loginBox(page).locator('[part="toggle"]');
      if ((await toggle.count()) === 0) return false;
      await toggle.click();
      await loginBox(page).locator('[part="qr-panel"]').waitFor();
      return true;
    },
  },
  {
    id: 'mobile', label: '手机登录',
    async reach(page, origin) {
      await passwordView(page, origin);
      if (!(await pressBoxButton(page, MOBILE_LOGIN))) return false;
      await loginBox(page).locator('form[name="sso-mobile-login"]').waitFor();
      return true;
    },
  },
  {
    id: 'register', label: '注册',
    async reach(page, origin) {
      await passwordView(page, origin);
      return pressBoxButton(page, REGISTER);
    },
  },
  {
    id: 'forgot', label: '忘记密码',
    async reach(page, origin) {
      await passwordView(page, origin);
      return pressBoxButton(page, FORGOT_PASSWORD);
    },
  },
  {
    id: 'signout', label: '退出登录视图',
    reach: async (page, origin) => {
      await page.goto(`${origin}/login?is_signout=1`);
      await loginBox(page).waitFor();
      return true;
    },
  },
  {
    id: 'wrong-password', label: '密码错误',
    async reach(page, origin) {
      await passwordView(page, origin);
      await submitPasswordLogin(page, DEMO.zhangwei.name, 'Wrong@2026pwd');
      await loginBox(page).locator('[part~="form-error"]:not(:empty)').waitFor();
      return true;
    },
  },
  {
    id: 'change-password', label: '首次登录改密对话框',
    async reach(page, origin) {
      await passwordView(page, origin);
      await submitPasswordLogin(page, DEMO.firstlogin.name, DEMO.firstlogin.password);
      const prompt = systemDialog(page);
      await prompt.waitFor();
      await prompt.getByRole('button', { name: '确定', exact: true }).click();
      await changePasswordDialog(page).waitFor();
      return true;
    },
  },
  {
    id: 'home', label: '应用中心（已登录）',
    async reach(page, origin) {
      await passwordView(page, origin);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.waitForURL((url) => url.pathname === '/home');
      await page.locator('app-center [part~="card"], app-center [part~="empty-state"], app-center [part~="not-member"]').first().waitFor();
      return true;
    },
  },
  {
    id: 'console-sign-in', label: '管理控制台登录', onlyOnce: true,
    async reach(page, origin) {
      await page.goto(`${origin}/admin`);
      await page.getByRole('form', { name: '登录管理控制台' }).waitFor();
      return true;
    },
  },
  {
    id: 'console-setup-link-invalid', label: '设置链接无效', onlyOnce: true,
    async reach(page, origin) {
      await page.goto(`${origin}/admin/setup?token=used-or-unknown`);
      await page.getByText('设置链接无效、已使用或已过期').waitFor();
      return true;
    },
  },
  ...CONSOLE_SECTIONS.map(({ id, label, open }): View => ({
    id: `console-${id}`, label: `管理控制台：${label}`, onlyOnce: true,
    async reach(page, origin) {
      // The demo administrator (demo data only).
      await page.goto(`${origin}/admin`);
      await signInToConsole(page, 'admin', 'Sso@2026admin');
      await openConsoleSection(page, label, id);
      await open?.(page);
      return true;
    },
  })),
  {
    id: 'demo', label: '演示页 /demo/', onlyOnce: true,
    async reach(page, origin) {
      await page.goto(`${origin}/demo/`);
      await page.locator('[data-reference]').first().waitFor();
      return true;
    },
  },
];

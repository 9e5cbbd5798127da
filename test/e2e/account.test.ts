// The account page in a real browser against the real server (issue 21): reached from the user menu
// of <app-center>; an authenticator bound there (QR code, secret as text, one code, the recovery
// codes); the next sign-in asks for a code in <sso-login> (a wrong one shown in the form); the phone
// changed with a code sent to the new phone; another device's session ended with 退出 (asked first); the page fits
// a 320 px screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { codeAt } from '../../server/mfa/totp.ts';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { DEMO, loginBox, openUserMenu, proveIdentityInDialog, submitPasswordLogin, waitForHome, waitForLoginPage } from './support/portal-ui.ts';

const section = (page: Page, name: string) => page.locator(`section[aria-labelledby="${name}"]`);

describe('the account page', { timeout: 180_000 }, () => {
  const portal = usePortalAndBrowser();

  it('zhangwei opens 我的账号, binds an authenticator, signs in with a code, changes the phone and ends another device', async () => {
    await runJourney(portal.browser, 'account', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/`);
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await waitForHome(page, 'zhangwei');
      await openUserMenu(page);
      await page.locator('app-center [part="user-menu"]').getByRole('menuitem', { name: '我的账号' }).click();
      await page.waitForURL((url) => url.pathname === '/account');
      await page.getByRole('heading', { name: '我的账号', level: 1 }).waitFor();
      assert.equal(await page.title(), '我的账号 - 统一身份认证');
      await section(page, 'account-profile').getByText('zhangwei', { exact: true }).waitFor();
      await journey.shot('account-page');

      // Bind an authenticator: the QR code and the secret as text, one code, ten recovery codes.
      const totp = section(page, 'account-totp');
      await totp.getByRole('button', { name: '绑定身份验证器' }).click();
      // A security change asks who is there first (issue 31): the page's own dialog, a wrong
      // password answered inside it, then the right one, and the binding goes on by itself.
      const proof = page.getByRole('dialog', { name: '验证身份' });
      await proof.waitFor();
      assert.equal(await proof.getByLabel('登录密码').evaluate((input) => input === document.activeElement), true, 'the focus is on 登录密码');
      await proof.getByLabel('登录密码').fill('Wrong@2026x');
      await proof.getByRole('button', { name: '确认' }).click();
      await proof.getByRole('alert').getByText('当前密码错误').waitFor();
      await journey.shot('recent-proof-dialog');
      await proveIdentityInDialog(page, DEMO.zhangwei.password);
      await totp.locator('.account-qr svg').waitFor();
      // The pressed button is gone: the focus is on the field to type the code in, not on <body>.
      assert.equal(await totp.getByLabel('动态验证码').evaluate((input) => input === document.activeElement), true, 'the focus is on 动态验证码');
      const secret = (await totp.locator('[data-secret]').getAttribute('data-secret'))!;
      assert.match(secret, /^[A-Z2-7]{32}$/);
      await totp.getByLabel('动态验证码').fill('000000' === codeAt(secret, Date.now()) ? '111111' : '000000');
      await totp.getByRole('button', { name: '确认绑定' }).click();
      await totp.getByRole('alert').getByText('动态验证码错误，请重新输入').waitFor();
      await totp.getByLabel('动态验证码').fill(codeAt(secret, Date.now()));
      await totp.getByRole('button', { name: '确认绑定' }).click();
      await totp.getByRole('heading', { name: '请保存恢复码' }).waitFor();
      assert.equal(await totp.locator('.account-recovery__codes code').count(), 10);
      await journey.shot('recovery-codes');
      await totp.getByRole('button', { name: '我已保存' }).click();
      await totp.getByText('已绑定身份验证器。剩余可用恢复码：10 个。').waitFor();

      // 修改密码 with a wrong current password: 当前密码错误 (no user name was typed here); sent
      // again with empty fields, the fields' errors replace that stale answer.
      const password = section(page, 'account-password');
      await password.getByLabel('当前密码').fill('Wrong@2026x');
      await password.getByLabel('新密码', { exact: true }).fill('Other@2026demo');
      await password.getByLabel('确认新密码').fill('Other@2026demo');
      await password.getByRole('button', { name: '修改密码' }).click();
      await password.getByText('当前密码错误').waitFor();
      assert.equal(await password.getByText('用户名或密码错误').count(), 0);
      for (const label of ['当前密码', '新密码', '确认新密码']) await password.getByLabel(label, { exact: true }).fill('');
      await password.getByRole('button', { name: '修改密码' }).click();
      await password.getByText('请输入当前密码').first().waitFor();
      assert.equal(await password.getByText('当前密码错误').count(), 0, 'the stale answer is gone');

      // Change the phone: the code goes to the new phone.
      const phone = section(page, 'account-phone');
      await phone.getByLabel('新手机号').fill('13900000088');
      await phone.getByRole('button', { name: '获取验证码' }).click();
      const sms = await portal.server.waitForSms('13900000088', 'change_phone');
      assert.equal(await page.getByRole('dialog', { name: '验证身份' }).count(), 0, 'proved a minute ago: no dialog');
      await phone.getByLabel('短信验证码').fill(sms.code);
      await phone.getByRole('button', { name: '更换手机号' }).click();
      await phone.getByText('手机号已更换为 13900000088').waitFor();
      await section(page, 'account-profile').getByText('13900000088').waitFor();

      // Another device signs in (with the code now); this page ends its session.
      const other = await journey.context.browser()!.newContext();
      try {
        const otherPage = await other.newPage();
        await otherPage.goto(`${portal.server.url}/`);
        await waitForLoginPage(otherPage);
        await submitPasswordLogin(otherPage, DEMO.zhangwei.name, DEMO.zhangwei.password);
        const step = loginBox(otherPage).locator('form[name="sso-second-factor"]');
        await step.waitFor();
        assert.equal(await loginBox(otherPage).locator('.sso-box__title').textContent(), '二次验证');
        await step.getByLabel('动态验证码').fill('123456' === codeAt(secret, Date.now()) ? '654321' : '123456');
        await step.getByRole('button', { name: '验证并登录' }).click();
        await step.locator('.sso-form-error', { hasText: '动态验证码错误，请重新输入' }).waitFor();
        await journey.shot('second-factor-wrong-code', otherPage);
        // The binding used this step's code: the next step's is the one left (±1 step).
        await step.getByLabel('动态验证码').fill(codeAt(secret, Date.now() + 30_000));
        await step.getByRole('button', { name: '验证并登录' }).click();
        await waitForHome(otherPage, 'zhangwei');

        await page.reload();
        const sessions = section(page, 'account-sessions');
        await sessions.locator('.account-session').nth(1).waitFor();
        assert.equal(await sessions.locator('.account-session[data-current="true"]').count(), 1);
        await journey.shot('sessions');
        // 退出 asks first (the console's confirmation dialog): Esc keeps the device and gives the
        // focus back to the button; 退出该设备 ends it, the focus then on the heading.
        const endOther = sessions.locator('.account-session[data-current="false"]').first().getByRole('button', { name: /^退出/ });
        await endOther.click();
        const confirm = page.locator('dialog[open][role="alertdialog"]');
        await confirm.waitFor();
        assert.match(await confirm.textContent() ?? '', /将被退出/);
        await journey.shot('sessions-confirm');
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
        assert.equal(await endOther.evaluate((button) => button === document.activeElement), true, 'the focus is back on 退出');
        assert.equal(await otherPage.evaluate(async () => (await (await fetch('/api/centerAuth/sso/isLogin')).json()).data), true, 'not ended on Esc');
        await page.keyboard.press('Enter');
        await confirm.waitFor();
        // The dialog opens on 取消 (nothing ends by a stray Enter); Tab reaches 退出该设备.
        assert.equal(await confirm.getByRole('button', { name: '取消' }).evaluate((button) => button === document.activeElement), true);
        await page.keyboard.press('Tab');
        assert.equal(await confirm.getByRole('button', { name: '退出该设备' }).evaluate((button) => button === document.activeElement), true);
        await page.keyboard.press('Enter');
        await sessions.getByText('该设备已退出').waitFor();
        await page.waitForFunction(() => document.activeElement?.id === 'account-sessions');
        const signedIn = await otherPage.evaluate(async () => (await (await fetch('/api/centerAuth/sso/isLogin')).json()).data);
        assert.equal(signedIn, false, 'the other device is signed out');
      } finally {
        await other.close();
      }

      const signIns = section(page, 'account-sign-ins');
      await signIns.locator('tbody tr').first().waitFor();
      assert.ok((await signIns.locator('tbody tr').count()) >= 3);
      assert.ok((await signIns.locator('tbody tr[data-result="bad_otp"]').count()) >= 1, 'the wrong code is in the list');

      // 360 px: 最近登录记录 as cards, 地点 and the whole result text on the screen.
      await page.setViewportSize({ width: 360, height: 800 });
      for (const cell of ['结果', '地点']) {
        const box = await signIns.locator(`tbody tr:first-child [data-label="${cell}"]`).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `最近登录记录 ${cell}: inside the screen (${JSON.stringify(box)})`);
      }
      const clipped = await signIns.locator('td').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length);
      assert.equal(clipped, 0, 'no cell cut off');
      await signIns.scrollIntoViewIfNeeded();
      await journey.shot('account-sign-ins-360px');

      // 320 px: nothing sticks out sideways.
      await page.setViewportSize({ width: 320, height: 800 });
      const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      assert.ok(scrollWidth <= 320, `the page is ${scrollWidth} px wide on a 320 px screen`);
      await journey.shot('account-320px');
      assert.deepEqual(journey.pageErrors, []);
    });
  });

  it('signed out, /account leads to the login page, which comes back to /account', async () => {
    await runJourney(portal.browser, 'account-signed-out', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/account`);
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('callBack') === '/account');
      await waitForLoginPage(page);
      await submitPasswordLogin(page, DEMO.dealer01.name, DEMO.dealer01.password);
      await page.waitForURL((url) => url.pathname === '/account');
      await page.getByRole('heading', { name: '我的账号', level: 1 }).waitFor();
    });
  });
});

// The console's 目录 section against a real slapd (test/helpers/slapd.ts) and the real server
// process: an administrator adds a directory (ldaps:// with the rig's CA, a group mapping), 测试连接
// says how many people the filter finds, 立即同步 shows what it changed, and 账号 then lists the
// synced person as a directory account whose mapped group is shown apart from granted ones and who
// has no 重置密码; a wrong bind password then makes 测试连接 say 目录服务账号绑定失败. Screenshots of 目录 at 1280 px and 360 px (cards) are checked by eye and by a
// no-horizontal-scroll assertion. axe runs on the section with the form open.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { runJourney } from './support/browser.ts';
import { openConsoleSection, signInToConsole } from './support/console-ui.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { DISABLED_FILTER, groupDn, PEOPLE, PEOPLE_DN, startSlapd, type Slapd } from '../helpers/slapd.ts';

const ADMIN = { name: 'admin', password: 'Sso@2026admin' };
const NAME = '总部目录';

async function fillDirectoryForm(page: Page, slapd: Slapd): Promise<void> {
  const form = page.getByRole('form', { name: '添加目录' });
  await form.getByLabel('标识').fill('hq');
  await form.getByLabel('名称', { exact: true }).fill(NAME);
  await form.getByLabel('目录服务器地址（每行一个）').fill(slapd.ldapsUrl);
  await form.getByLabel('CA 证书文件').fill(slapd.caFile);
  await form.getByLabel('绑定 DN').fill(slapd.bindDn);
  await form.getByLabel('绑定密码').fill(slapd.bindPassword);
  await form.getByLabel('搜索基准 DN').fill(PEOPLE_DN);
  await form.getByLabel('停用条件').fill(DISABLED_FILTER);
  await form.getByRole('button', { name: '添加映射' }).click();
  // The new row's DN field takes the focus (after its render): typed with the keyboard, as a person
  // would, once it has it; keys pressed before would go to the button and be lost.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '第 1 条映射的目录组 DN');
  await page.keyboard.type(groupDn('engineering'));
  assert.equal(await form.getByLabel('第 1 条映射的目录组 DN').inputValue(), groupDn('engineering'));
  await form.getByLabel('第 1 条映射的客户群').selectOption('operation');
}

describe('console 目录 section', { timeout: 240_000 }, () => {
  const portal = usePortalAndBrowser();
  let slapd: Slapd | undefined;
  before(async () => {
    slapd = await startSlapd();
  });
  after(async () => {
    await slapd?.stop();
  });

  it('adds a directory, 测试连接 counts its people, 立即同步 shows the counts, 账号 shows the synced person', async () => {
    await runJourney(portal.browser, 'directory-console', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/admin#directories`);
      await signInToConsole(page, ADMIN.name, ADMIN.password);
      const section = await openConsoleSection(page, '目录', 'directories');
      await section.getByText('还没有目录。').waitFor();

      await section.getByRole('button', { name: '添加目录' }).click();
      const form = page.getByRole('form', { name: '添加目录' });
      // Sent empty: every required field says what is missing, in Chinese, and nothing is saved.
      await form.getByRole('button', { name: '添加目录' }).click();
      await form.locator('.field__error', { hasText: '请输入目录标识' }).waitFor();
      await form.locator('.field__error', { hasText: '请输入绑定密码' }).waitFor();
      // The focus goes to the first invalid field once the errors are drawn.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      await fillDirectoryForm(page, slapd!);
      assert.deepEqual(await axeViolations(page), [], 'axe on 目录 with the form open');
      await journey.shot('form-filled');
      await form.getByRole('button', { name: '添加目录' }).click();
      await section.getByText(`已保存目录 ${NAME}（hq）`).waitFor();
      const row = section.locator('tr[data-directory="hq"]');
      await row.getByText('尚未同步').waitFor();

      await row.getByRole('button', { name: `测试连接：${NAME}` }).click();
      // alice, bob and carol match the filter (carol also matches the disabled filter: still counted).
      await row.getByTestId('directory-outcome').getByText(`连接成功（${slapd!.ldapsUrl}）：过滤条件找到 3 人`).waitFor();

      const sync = row.getByRole('button', { name: `立即同步：${NAME}` });
      await sync.click();
      const outcome = row.getByTestId('directory-outcome');
      await outcome.getByText(/新建 2，更新 0，停用 0，成员关系 \+2 \/ −0，同名冲突 0/).waitFor();
      assert.equal(await sync.getAttribute('aria-busy'), 'false');
      await row.getByTestId('directory-last-sync').getByText(/找到 3 人，新建 2/).waitFor();
      await journey.shot('synced-1280');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal scroll at 1280 px');

      await page.setViewportSize({ width: 360, height: 800 });
      await row.getByRole('button', { name: `立即同步：${NAME}` }).scrollIntoViewIfNeeded();
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal scroll at 360 px');
      await journey.shot('synced-360');
      await row.getByRole('button', { name: `编辑目录 ${NAME}` }).click();
      const edit = page.getByRole('form', { name: `编辑目录：${NAME}` });
      await edit.getByText('已保存密码：留空则保留原密码，填写则替换').waitFor();
      assert.equal(await edit.getByLabel('绑定密码').inputValue(), '', 'the bind password is never shown again');
      assert.equal(await edit.getByLabel('第 1 条映射的客户群').inputValue(), 'operation');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'the form fits 360 px');
      await journey.shot('edit-360');
      // Saved with the password left empty: the stored one is kept (the next test still binds).
      await edit.getByRole('button', { name: '保存修改' }).click();
      await section.getByText(`已保存目录 ${NAME}（hq）`).waitFor();
      await row.getByRole('button', { name: `测试连接：${NAME}` }).click();
      await row.getByTestId('directory-outcome').getByText(/过滤条件找到 3 人/).waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });

      const accounts = await openConsoleSection(page, '账号', 'accounts');
      await accounts.getByLabel('用户名或手机号').fill(PEOPLE.alice.uid);
      await accounts.getByRole('button', { name: '搜索' }).click();
      const aliceRow = accounts.locator('tbody tr', { has: page.getByRole('rowheader', { name: 'alice', exact: true }) });
      await aliceRow.getByText('目录账号').waitFor();
      await aliceRow.getByText('operation（目录）').waitFor();
      await aliceRow.getByRole('button', { name: '管理账号 alice' }).click();
      await accounts.getByTestId('account-directory').getByText(`来自目录：${NAME}（hq）`).waitFor();
      await accounts.getByTestId('directory-groups').getByText(/operation/).waitFor();
      await accounts.getByTestId('reset-refused').waitFor();
      assert.equal(await accounts.getByRole('button', { name: '重置密码' }).count(), 0, 'no 重置密码 for a directory account');
      await journey.shot('account-from-directory');

      // A wrong bind password typed over the stored one: 测试连接 says why, in Chinese.
      const directories = await openConsoleSection(page, '目录', 'directories');
      await directories.getByRole('button', { name: `编辑目录 ${NAME}` }).click();
      const again = page.getByRole('form', { name: `编辑目录：${NAME}` });
      await again.getByLabel('绑定密码').fill('Not-the-bind-password-1');
      await again.getByRole('button', { name: '保存修改' }).click();
      await directories.getByText(`已保存目录 ${NAME}（hq）`).waitFor();
      await directories.locator('tr[data-directory="hq"]').getByRole('button', { name: `测试连接：${NAME}` }).click();
      await directories.getByTestId('directory-outcome').getByText('连接失败：目录服务账号绑定失败').waitFor();
      await journey.shot('test-bind-refused');
    });
  });
});

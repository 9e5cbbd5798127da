// The operator console in a real browser against the real server (demo data, demo administrator):
// sign in at /admin, create a client group, an OIDC client (its one-time secret read from the
// dialog), a CAS service (a regular expression refused in the form first), a SAML app from metadata
// the server fetches with 获取, an account in that group, disable the account; delete a group (refused
// while an app names it); axe finds no violation in any section.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { runJourney } from './support/browser.ts';
import { consoleSection, openConsoleSection, signInToConsole } from './support/console-ui.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import type { PortalServer } from './support/portal-server.ts';
import { SESSION_AGEING_CLOCK } from './support/session-clock.ts';

const ADMIN = { name: 'admin', password: 'Sso@2026admin' };

const section = consoleSection;
const openSection = openConsoleSection;

/** The open system-prompt dialog's confirm button (its label names the action). */
async function confirmDialog(page: Page, okLabel: string): Promise<void> {
  const dialog = page.locator('dialog[open][role="alertdialog"]');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: okLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Moves the console sessions' start and last activity back (as if the administrator had signed in
 * `startedMs` ago and been idle for `idleMs`), then the server's clock one step past its in-memory
 * copies of sessions (SESSION_AGEING_CLOCK), so its next check reads the aged rows.
 */
async function ageConsoleSessions(server: PortalServer, { startedMs, idleMs }: { startedMs: number; idleMs: number }): Promise<void> {
  const db = new Database(path.join(server.dataDir, 'sso.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update console_sessions set created_at = created_at - ?, last_seen_at = last_seen_at - ?').run(startedMs, idleMs);
  } finally {
    db.close();
  }
  await server.advanceClock();
}

const signInAsAdmin = (page: Page): Promise<void> => signInToConsole(page, ADMIN.name, ADMIN.password);

/** An SP's metadata as an SP publishes it (the shape samlify writes), for 获取. */
const SP_METADATA = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://e2e-sp.example.com/saml">
<SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAssertionsSigned="true">
<NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</NameIDFormat>
<AssertionConsumerService index="0" Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://e2e-sp.example.com/saml/acs"/>
</SPSSODescriptor>
</EntityDescriptor>`;

/** The SP's metadata URL, on this machine (the server's fetch goes to loopback only outside production). */
async function serveSpMetadata(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/saml/metadata') {
      response.writeHead(404);
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
    response.end(SP_METADATA);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('operator console', { timeout: 240_000 }, () => {
  const portal = usePortalAndBrowser({}, SESSION_AGEING_CLOCK);

  it('signs in, creates a group, a client and an account, disables the account; axe is clean in every section', async () => {
    await runJourney(portal.browser, 'console-ui', async (journey) => {
      const { page } = journey;
      await journey.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.server.url });
      const setupAsked = page.waitForResponse((answer) => answer.url().endsWith('/api/console/setup/needed'));
      // Signed out, the page's probe (GET /console/me) answers 200 with data null: no failed request in the browser's console.
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const meAsked = page.waitForResponse((answer) => answer.url().endsWith('/api/console/me'));
      await page.goto(`${portal.server.url}/admin`);
      const me = await meAsked;
      assert.deepEqual({ status: me.status(), data: (await me.json()).data }, { status: 200, data: null });

      // Sign-in form: the fields are checked before anything is sent. An administrator exists: no first-setup hint.
      const signIn = page.getByRole('form', { name: '登录管理控制台' });
      await signIn.waitFor();
      const setupNeeded = await setupAsked;
      assert.deepEqual((await setupNeeded.json()).data, { needed: false });
      assert.equal(await page.getByText('新部署的系统还没有管理员', { exact: false }).count(), 0, 'no first-setup hint');
      assert.deepEqual(consoleErrors, [], 'the signed-out visit logs no error');
      await signIn.getByRole('button', { name: '登录' }).click();
      await signIn.locator('.field__error', { hasText: '请输入用户名' }).waitFor();
      await journey.shot('sign-in-empty');
      await signIn.getByLabel('用户名').fill(ADMIN.name);
      await signIn.getByLabel('密码').fill(ADMIN.password);
      await signIn.getByRole('button', { name: '登录' }).click();
      await page.getByTestId('admin-username').filter({ hasText: ADMIN.name }).waitFor();
      assert.equal(await page.locator('main').count(), 1, 'one main landmark');

      // 应用
      const clients = await openSection(page, '应用', 'clients');
      await journey.shot('clients');
      assert.deepEqual(await axeViolations(page), [], '应用');

      // 客户群: a new group, saved, then listed.
      const groups = await openSection(page, '客户群', 'groups');
      assert.deepEqual(await axeViolations(page), [], '客户群');
      await groups.getByRole('button', { name: '新建客户群' }).click();
      const groupForm = groups.getByRole('form', { name: '新建客户群' });
      await groupForm.getByLabel('代码').fill('e2e-group');
      await groupForm.getByLabel('名称', { exact: true }).fill('端到端客户群');
      await groupForm.getByLabel('域名（每行一个）').fill('e2e.localhost');
      await groupForm.getByLabel('自定义颜色和 Logo').check();
      await groupForm.getByLabel('主色', { exact: true }).fill('#aa3300');
      // The live preview wears the form's colour at once (a custom property set through CSSOM).
      const preview = groups.locator('.theme-preview sso-login');
      await preview.waitFor({ state: 'attached' });
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>('.theme-preview sso-login')?.style.getPropertyValue('--sso-color-primary') === '#aa3300',
      );
      await groups.locator('.theme-preview sso-login [part="box"]').waitFor();
      await journey.shot('group-form');
      assert.deepEqual(await axeViolations(page), [], '客户群 with the form and its preview');
      await groupForm.getByRole('button', { name: '创建客户群' }).click();
      await groups.getByRole('row').filter({ hasText: 'e2e-group' }).waitFor();

      // 应用 again: a confidential client for the new group; its secret is shown once.
      await openSection(page, '应用', 'clients');
      await clients.getByRole('button', { name: '新建客户端' }).click();
      const clientForm = clients.getByRole('form', { name: '新建客户端' });
      await clientForm.getByLabel('客户端 ID').fill('e2e-client');
      await clientForm.getByLabel('名称', { exact: true }).fill('端到端应用');
      await clientForm.getByLabel('回调地址（每行一个）').fill('https://app.e2e.example.com/callback');
      await clientForm.getByLabel('端到端客户群（e2e-group）').check();
      await clientForm.getByRole('button', { name: '创建客户端' }).click();
      const secretDialog = page.locator('dialog[open]').filter({ hasText: '客户端密钥' });
      await secretDialog.waitFor();
      const secret = (await secretDialog.getByTestId('client-secret').textContent())?.trim() ?? '';
      assert.ok(secret.length >= 16, `a secret is shown once (${secret.length} characters)`);
      assert.match(await secretDialog.textContent() ?? '', /不会再次显示/);
      await secretDialog.getByRole('button', { name: '复制' }).click();
      await secretDialog.getByText('已复制到剪贴板').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
      await journey.shot('client-secret');
      await secretDialog.getByRole('button', { name: '我已保存，关闭' }).click();
      await secretDialog.waitFor({ state: 'detached' });
      await clients.getByRole('row').filter({ hasText: 'e2e-client' }).waitFor();
      assert.equal(await page.getByTestId('client-secret').count(), 0, 'the secret is gone once the dialog closed');

      // 应用 → CAS 服务与 SAML 应用: a regular expression is refused before sending; a URL prefix is saved and listed.
      await clients.getByRole('button', { name: '新建 CAS 服务' }).click();
      const casForm = clients.getByRole('form', { name: '新建 CAS 服务' });
      await casForm.getByLabel('ID', { exact: true }).fill('e2e-cas');
      await casForm.getByLabel('名称', { exact: true }).fill('端到端 CAS 服务');
      const services = casForm.getByLabel('服务地址（每行一个）');
      await services.fill('^https://cas\\.e2e\\.example\\.com/.*$');
      await casForm.getByRole('button', { name: '创建 CAS 服务' }).click();
      await casForm.locator('.field__error').filter({ hasText: /^服务地址“.+”有误：须为完整的 http\(s\) 地址/ }).waitFor();
      assert.equal(await services.getAttribute('aria-invalid'), 'true');
      assert.deepEqual(await axeViolations(page), [], '应用 with the CAS form and its field error');
      await services.fill('https://cas.e2e.example.com/app/*');
      await casForm.getByLabel('端到端客户群（e2e-group）').check();
      await casForm.getByRole('button', { name: '创建 CAS 服务' }).click();
      await casForm.waitFor({ state: 'detached' });
      const casRow = clients.getByRole('row').filter({ hasText: 'e2e-cas' });
      await casRow.filter({ hasText: 'https://cas.e2e.example.com/app/*' }).filter({ hasText: '端到端客户群' }).waitFor();
      assert.match(await casRow.textContent() ?? '', /CAS 3\.0/);
      await journey.shot('cas-service');
      assert.deepEqual(await axeViolations(page), [], '应用 with a CAS service listed');
      // The SAML form: pasted metadata with a DOCTYPE is refused before sending; its select and checkbox pass axe.
      await clients.getByRole('button', { name: '新建 SAML 应用' }).click();
      const samlForm = clients.getByRole('form', { name: '新建 SAML 应用' });
      await samlForm.getByLabel('ID', { exact: true }).fill('e2e-sp');
      await samlForm.getByLabel('SP 元数据 XML').fill('<!DOCTYPE x [<!ENTITY e "x">]><EntityDescriptor entityID="&e;"/>');
      await samlForm.getByLabel('NameID 格式').selectOption('unspecified');
      await samlForm.getByLabel('签名整个响应').check();
      await samlForm.getByRole('button', { name: '创建 SAML 应用' }).click();
      await samlForm.locator('.field__error').filter({ hasText: '元数据不能含 DOCTYPE 或实体声明' }).waitFor();
      await journey.shot('saml-form');
      assert.deepEqual(await axeViolations(page), [], '应用 with the SAML form');
      // 获取: the server fetches the SP's metadata from its URL into the XML field; then it saves.
      const sp = await serveSpMetadata();
      try {
        await samlForm.getByLabel('元数据网址').fill(`${sp.url}/missing`);
        await samlForm.getByRole('button', { name: '获取', exact: true }).click();
        await samlForm.locator('.field__error').filter({ hasText: '获取元数据失败：对方返回 HTTP 404' }).waitFor();
        await samlForm.getByLabel('元数据网址').fill(`${sp.url}/saml/metadata`);
        await samlForm.getByRole('button', { name: '获取', exact: true }).click();
        await samlForm.getByText('已获取 https://e2e-sp.example.com/saml 的元数据，填入下方').waitFor();
        assert.equal(await samlForm.getByLabel('SP 元数据 XML').inputValue(), SP_METADATA);
        await journey.shot('saml-metadata-fetched');
        assert.deepEqual(await axeViolations(page), [], '应用 with the SAML form after 获取');
      } finally {
        await sp.close();
      }
      await samlForm.getByRole('button', { name: '创建 SAML 应用' }).click();
      await samlForm.waitFor({ state: 'detached' });
      await clients.getByRole('row').filter({ hasText: 'e2e-sp' }).filter({ hasText: 'https://e2e-sp.example.com/saml' }).waitFor();

      // 账号: a new account in the group, then disabled.
      const accounts = await openSection(page, '账号', 'accounts');
      assert.deepEqual(await axeViolations(page), [], '账号');
      await accounts.getByRole('button', { name: '新建账号' }).click();
      const accountForm = accounts.getByRole('form', { name: '新建账号' });
      await accountForm.getByLabel('用户名').fill('e2euser');
      await accountForm.getByLabel('初始密码', { exact: true }).fill('Qv7#kLm2!xRt');
      await accountForm.getByLabel('确认初始密码').fill('Qv7#kLm2!xRt');
      // No group ticked: the console asks first (such an account would see no app); 取消 creates nothing.
      await accountForm.getByRole('button', { name: '创建账号' }).click();
      const noGroup = page.locator('dialog[open][role="alertdialog"]');
      assert.match((await noGroup.textContent()) ?? '', /未选择所属客户群/);
      await confirmDialog(page, '取消');
      assert.equal(await accounts.getByRole('row').filter({ hasText: 'e2euser' }).count(), 0, 'nothing created on 取消');
      await accountForm.getByLabel('端到端客户群（e2e-group）').check();
      await accountForm.getByRole('button', { name: '创建账号' }).click();
      const detail = accounts.locator('.account-detail');
      await detail.getByRole('heading', { name: '账号：e2euser' }).waitFor();
      await accounts.getByRole('row').filter({ hasText: 'e2euser' }).filter({ hasText: 'e2e-group' }).waitFor();
      await detail.getByRole('button', { name: '停用账号' }).click();
      const confirmText = await page.locator('dialog[open][role="alertdialog"]').textContent();
      assert.match(confirmText ?? '', /会话立即结束/);
      assert.match(confirmText ?? '', /单点退出/);
      await confirmDialog(page, '停用账号');
      await detail.getByText('已停用').first().waitFor();
      // The focus is not left on <body>: it is on the button in 停用账号's place, and stays there after 启用账号.
      const enable = detail.getByRole('button', { name: '启用账号' });
      await enable.waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === '启用账号');
      await enable.click();
      await detail.getByRole('button', { name: '停用账号' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === '停用账号');
      await page.keyboard.press('Enter');
      await confirmDialog(page, '停用账号');
      await enable.waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === '启用账号');
      await journey.shot('account-disabled');
      assert.deepEqual(await axeViolations(page), [], '账号 with an account open');

      // 客户群 → 删除: refused while the client names the group (the reason in the row); a group no app names goes.
      await openSection(page, '客户群', 'groups');
      await groups.getByRole('button', { name: '删除客户群 端到端客户群' }).click();
      assert.match((await page.locator('dialog[open][role="alertdialog"]').textContent()) ?? '', /应用卡片和成员关系将一并删除/);
      await confirmDialog(page, '删除');
      await groups.getByRole('row').filter({ hasText: 'e2e-group' }).getByRole('alert')
        .filter({ hasText: '客户群 e2e-group 仍在这些应用的访问规则中：e2e-cas、e2e-client' }).waitFor();
      await groups.getByRole('button', { name: '新建客户群' }).click();
      const spareForm = groups.getByRole('form', { name: '新建客户群' });
      await spareForm.getByLabel('代码').fill('e2e-spare');
      await spareForm.getByLabel('名称', { exact: true }).fill('临时客户群');
      await spareForm.getByRole('button', { name: '创建客户群' }).click();
      const spareRow = groups.getByRole('row').filter({ hasText: 'e2e-spare' });
      await spareRow.waitFor();
      await groups.getByRole('button', { name: '删除客户群 临时客户群' }).click();
      await confirmDialog(page, '删除');
      await journey.shot('group-delete-refused');
      await spareRow.waitFor({ state: 'detached' });
      await groups.getByText('已删除客户群 临时客户群（e2e-spare）').waitFor();
      assert.deepEqual(await axeViolations(page), [], '客户群 after a delete');

      // 审计: the console's own sign-in and the administrator's actions are there.
      const audit = await openSection(page, '审计', 'audit');
      await audit.getByRole('row').filter({ hasText: ADMIN.name }).first().waitFor();
      // In Chinese, not the stored codes: the sign-in's result and the administrator's actions.
      const signIns = audit.getByRole('table', { name: '登录记录' });
      await signIns.getByRole('row').filter({ hasText: ADMIN.name }).filter({ hasText: '管理控制台' }).filter({ hasText: '成功' }).first().waitFor();
      assert.doesNotMatch(await signIns.textContent() ?? '', /success|bad_credentials/);
      const actions = audit.getByRole('table', { name: '管理操作记录' });
      await actions.getByRole('row').filter({ hasText: 'e2euser' }).filter({ hasText: '停用账号' }).first().waitFor();
      await actions.getByRole('row').filter({ hasText: 'e2euser' }).filter({ hasText: '新建账号' }).waitFor();
      assert.doesNotMatch(await actions.textContent() ?? '', /account\.(create|disable)/);
      // The 结果 filter offers the Chinese names and filters by the stored value.
      const resultFilter = audit.getByRole('form', { name: '筛选登录记录' }).getByLabel('结果');
      await resultFilter.selectOption({ label: '用户名或密码错误' });
      assert.equal(await resultFilter.inputValue(), 'bad_credentials');
      await audit.getByRole('form', { name: '筛选登录记录' }).getByRole('button', { name: '查询' }).click();
      await audit.getByText('没有符合条件的登录记录。').waitFor();
      const csv = audit.getByRole('link', { name: '导出 CSV' });
      assert.match((await csv.getAttribute('href')) ?? '', /^\/api\/console\/audit\/sign-ins\.csv/);
      await journey.shot('audit');
      assert.deepEqual(await axeViolations(page), [], '审计');
    });
  });

  it('narrow (768 px): the sections are reachable and nothing sticks out sideways', async () => {
    await runJourney(portal.browser, 'console-ui-768', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/admin`);
      await signInAsAdmin(page);
      for (const [label, id] of [['应用', 'clients'], ['客户群', 'groups'], ['账号', 'accounts'], ['审计', 'audit']] as const) {
        await openSection(page, label, id);
        await journey.shot(id);
        const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
        assert.ok(scrollWidth <= 768, `${label}: the page is ${scrollWidth} px wide`);
      }
    }, { viewport: { width: 768, height: 1000 } });
  });

  it('phone (360 px): the 客户群 and 账号 tables are cards, every cell inside the screen and readable', async () => {
    await runJourney(portal.browser, 'console-ui-360', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/admin`);
      await signInAsAdmin(page);
      for (const [label, id, cells] of [['客户群', 'groups', ['域名', '排序', '操作']], ['账号', 'accounts', ['状态', '操作']]] as const) {
        const found = await openSection(page, label, id);
        await found.locator('tbody tr').first().waitFor();
        await journey.shot(`${id}-360`);
        for (const cell of cells) {
          const box = await found.locator(`tbody tr:first-child [data-label="${cell}"]`).boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `${label} ${cell}: inside the screen (${JSON.stringify(box)})`);
          assert.ok(box.height < 80, `${label} ${cell}: not one character a line (${box.height} px high)`);
        }
        const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
        assert.ok(scrollWidth <= 360, `${label}: the page is ${scrollWidth} px wide`);
      }
    }, { viewport: { width: 360, height: 800 } });
  });

  it('asks for the password again on an older session, and to sign in again after the idle timeout, keeping what was typed', async () => {
    await runJourney(portal.browser, 'console-ui-reauth', async (journey) => {
      const { page } = journey;
      await page.goto(`${portal.server.url}/admin`);
      await signInAsAdmin(page);

      // Signed in 6 minutes ago: rotating the signing key asks for the password, then goes through.
      await ageConsoleSessions(portal.server, { startedMs: 6 * 60_000, idleMs: 0 });
      await section(page, 'clients').getByRole('button', { name: '轮换签名密钥' }).click();
      await confirmDialog(page, '轮换签名密钥');
      const reauth = page.locator('dialog[open]').filter({ hasText: '请再次输入密码' });
      await reauth.waitFor();
      await reauth.getByRole('button', { name: '确认' }).click();
      await reauth.locator('.field__error', { hasText: '请输入密码' }).waitFor();
      await reauth.getByLabel('当前管理员密码').fill(ADMIN.password);
      await journey.shot('reauth');
      await reauth.getByRole('button', { name: '确认' }).click();
      await reauth.waitFor({ state: 'detached' });
      await section(page, 'clients').getByText(/已启用新签名密钥：/).waitFor();

      // Idle for 16 minutes: the next call asks to sign in again over the console; the search runs
      // once signed in, with what was typed still in its field.
      const accounts = await openSection(page, '账号', 'accounts');
      await accounts.getByLabel('用户名或手机号').fill('zhangwei');
      await ageConsoleSessions(portal.server, { startedMs: 16 * 60_000, idleMs: 16 * 60_000 });
      await accounts.getByRole('button', { name: '搜索' }).click();
      const again = page.locator('dialog[open]').filter({ hasText: '登录已超时，请重新登录' });
      await again.waitFor();
      await journey.shot('sign-in-again');
      await again.getByLabel('密码').fill(ADMIN.password);
      await again.getByRole('button', { name: '登录', exact: true }).click();
      await again.waitFor({ state: 'detached' });
      await accounts.getByRole('row').filter({ hasText: 'zhangwei' }).first().waitFor();
      assert.equal(await accounts.getByLabel('用户名或手机号').inputValue(), 'zhangwei');
    });
  });
});

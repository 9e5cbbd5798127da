// The demo page (/demo/) as the elements' documentation, in Chromium against the built portal and a
// real server: an embed snippet per element and brand whose copy button puts it on the clipboard;
// the reference tables row for row as dist/widget/custom-elements.json declares; a button per
// dialog and error state that opens it in the real <sso-login>; the signed-out <app-center>
// inviting sign-in (not 应用加载失败) and showing the apps after a sign-in in the login pane; and
// an axe check of the whole page with its landmarks, and no sideways overflow at 320 px.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNT_LOCKED, TOKEN_EXPIRED } from '../../contract/messages.ts';
import { FIRST_LOGIN } from '../../widget/sso-login/password/password.messages.ts';
import { NETWORK_ERROR } from '../../widget/core/messages.ts';
import { REPO_ROOT } from '../helpers/start-server.ts';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { appCards, changePasswordDialog, DEMO, formError, loginBox, submitPasswordLogin, systemDialog } from './support/portal-ui.ts';

const BRANDS = [
  { code: 'default', domain: 'localhost' },
  { code: 'ka', domain: 'ka.localhost' },
  { code: 'operation', domain: 'operation.localhost' },
  { code: 'yingfeng', domain: 'yingfeng.localhost' },
  { code: 'icar', domain: 'icar.localhost' },
  { code: 'exeed', domain: 'exeed.localhost' },
];
const TAGS = ['sso-login', 'app-center'];
const TABLE_KEYS = ['attributes', 'events', 'cssParts', 'cssProperties', 'slots'] as const;

interface ManifestElement {
  tagName: string;
  [key: string]: unknown;
}

function builtManifest(): ManifestElement[] {
  const json = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'dist/widget/custom-elements.json'), 'utf8')) as {
    modules: Array<{ declarations?: Array<{ tagName?: string }> }>;
  };
  return json.modules.flatMap((module) => module.declarations ?? []).filter((item): item is ManifestElement => typeof item.tagName === 'string');
}

async function openDemo(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/demo/`);
  await page.locator('[data-reference]').first().waitFor();
  await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
}

describe('the demo page documents the elements', { timeout: 180_000 }, () => {
  const portal = usePortalAndBrowser();

  it('has an embed snippet per element and brand, and 复制 puts it on the clipboard', async () => {
    await runJourney(portal.browser, 'demo-snippets', async ({ context, page, shot }) => {
      const origin = portal.server.url;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await openDemo(page, origin);
      for (const tag of TAGS) {
        for (const brand of BRANDS) {
          const snippet = page.locator(`[data-snippet="${tag}:${brand.code}"] pre`);
          assert.equal(
            await snippet.textContent(),
            `<script src="${origin}/widget/sso-widget.iife.js"></script>\n` +
              `<${tag} brand="${brand.code}" api-base="${origin}/api" sso-domain="${brand.domain}"></${tag}>`,
            `${tag} ${brand.code}`,
          );
        }
      }
      const item = page.locator('[data-snippet="app-center:exeed"]');
      const copy = item.getByRole('button', { name: /复制 <app-center> .* 的嵌入代码/ });
      await copy.click();
      await item.getByRole('button', { name: /复制/ }).filter({ hasText: '已复制' }).waitFor();
      await item.getByRole('status').filter({ hasText: '已复制' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await item.locator('pre').textContent());
      await shot('snippets');
    });
  });

  it('lists exactly the attributes, events, CSS parts, custom properties and slots of custom-elements.json', async () => {
    await runJourney(portal.browser, 'demo-reference', async ({ page }) => {
      await openDemo(page, portal.server.url);
      const manifest = builtManifest();
      assert.deepEqual(manifest.map((element) => element.tagName).sort(), [...TAGS].sort());
      for (const element of manifest) {
        for (const key of TABLE_KEYS) {
          const declared = ((element[key] as Array<{ name: string }> | undefined) ?? []).map((entry) => entry.name);
          const table = page.locator(`table[data-reference="${element.tagName}:${key}"]`);
          if (declared.length === 0) {
            assert.equal(await table.count(), 0, `${element.tagName} ${key}: no table`);
            continue;
          }
          const shown = await table.locator('tbody th[scope="row"]').allTextContents();
          assert.deepEqual(shown, declared, `${element.tagName} ${key}`);
        }
      }
      // The new state of this change is documented, so the check above covers it.
      assert.equal(await page.locator('table[data-reference="app-center:cssParts"] th', { hasText: /^signed-out$/ }).count(), 1);
      assert.equal(await page.locator('table[data-reference="app-center:events"] th', { hasText: /^app-center-sign-in$/ }).count(), 1);
    });
  });

  it('each state button opens its dialog or error state in the real <sso-login>', async () => {
    await runJourney(portal.browser, 'demo-states', async ({ page, shot }) => {
      const origin = portal.server.url;
      const press = async (state: string) => {
        await openDemo(page, origin);
        await page.locator(`button[data-demo-state="${state}"]`).click();
      };

      await press('first-login');
      await systemDialog(page).filter({ hasText: FIRST_LOGIN }).waitFor();
      await systemDialog(page).getByRole('button', { name: '确定', exact: true }).click();
      await changePasswordDialog(page).waitFor();
      await shot('first-login');

      await press('aged-password');
      await systemDialog(page).filter({ hasText: '密码' }).waitFor();
      await systemDialog(page).getByRole('button', { name: '确定', exact: true }).click();
      await changePasswordDialog(page).waitFor();
      await shot('aged-password');

      await press('locked');
      await formError(page).filter({ hasText: `${ACCOUNT_LOCKED}，请 15 分钟后再试` }).waitFor();
      await shot('locked');

      await press('expired');
      const expired = systemDialog(page).filter({ hasText: TOKEN_EXPIRED });
      await expired.waitFor();
      assert.deepEqual(await expired.getByRole('button').allTextContents(), ['取消', '重新登录']);
      await shot('expired');

      await press('offline');
      await formError(page).filter({ hasText: NETWORK_ERROR }).waitFor();
      await shot('offline');

      // The scripted answers were used once each: the real account was never locked.
      await openDemo(page, origin);
      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await page.locator('.event-log code', { hasText: /^sso-login-success$/ }).waitFor();
    });
  });

  it('signed out, <app-center> invites sign-in; after a sign-in in the login pane it shows the apps', async () => {
    await runJourney(portal.browser, 'demo-signed-out', async ({ page, shot }) => {
      await openDemo(page, portal.server.url);
      const invitation = page.locator('app-center [part~="signed-out"]');
      await invitation.waitFor();
      assert.match(await invitation.textContent() ?? '', /请先登录/);
      assert.equal(await page.locator('app-center [part~="load-error"]').count(), 0, 'not 应用加载失败');
      await shot('signed-out');

      // 去登录: the demo keeps the page and hands the focus to the login pane.
      await invitation.getByRole('button', { name: '去登录' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '用户名');
      await page.locator('.event-log li', { hasText: 'app-center-sign-in' }).filter({ hasText: '已拦截' }).first().waitFor();

      await submitPasswordLogin(page, DEMO.zhangwei.name, DEMO.zhangwei.password);
      await appCards(page).first().waitFor();
      assert.equal(await invitation.count(), 0);
      await shot('signed-in');
    });
  });

  it('passes axe, with one main landmark, and does not overflow at 320 px', async () => {
    await runJourney(portal.browser, 'demo-axe', async ({ page }) => {
      await openDemo(page, portal.server.url);
      await page.locator('app-center [part~="signed-out"]').waitFor();
      assert.equal(await page.locator('main').count(), 1);
      // Through the DevTools protocol, which the page's Content-Security-Policy does not govern.
      const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
      await page.evaluate(fs.readFileSync(axePath, 'utf8'));
      const { passed, violations } = await page.evaluate(async () => {
        type Result = { id: string; nodes: Array<{ target: unknown }> };
        const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ passes: Result[]; violations: Result[] }> } }).axe;
        const result = await axe.run(document);
        return {
          passed: result.passes.map((rule) => rule.id),
          violations: result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`),
        };
      });
      // A check that ran: it looked at the landmarks, the page's contrast and inside the shadow roots.
      for (const rule of ['landmark-one-main', 'region', 'color-contrast', 'label']) assert.ok(passed.includes(rule), `axe ran ${rule}`);
      assert.deepEqual(violations, []);

      // On a phone the documentation stays readable: nothing sticks out sideways at 320 px.
      await page.setViewportSize({ width: 320, height: 800 });
      await page.waitForFunction(() => document.documentElement.scrollWidth <= 320, undefined, { timeout: 5000 });
    });
  });
});

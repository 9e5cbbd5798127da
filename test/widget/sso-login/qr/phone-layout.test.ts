// Phones (issue 15), in real Chromium at real widths: no horizontal overflow at 320, 375 and 768 px
// in any view and brand; no QR login where it cannot be scanned (below 600 px, touch-only); the
// in-app "open in WeCom / Feishu" only inside that app's browser; long names wrap.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { mountNoticeLayer, waitFor } from '../../support/helpers.ts';
import { createNoticeCenter } from '../../../../widget/core/notices.ts';
import { setQrSdkUrls } from '../../../../widget/sso-login/qr/qr-sdk.ts';
import { QR_CHOICE_STORAGE_KEY } from '../../../../widget/sso-login/qr/qr-store.ts';
import { appBrowserOf, weComInAppUrl, PHONE_MEDIA_QUERY } from '../../../../widget/sso-login/qr/phone-layout.ts';
import { byText, groupLoaded, input, mountLogin, withLoginFixture, type MountedLogin } from '../login-fixture.ts';
import { scriptAgeing } from '../scripted-ageing.ts';

const WIDTHS = [320, 375, 768];
const HOSTS = ['localhost', 'ka.localhost', 'operation.localhost', 'yingfeng.localhost', 'icar.localhost', 'exeed.localhost'];

/** Nothing wider than the viewport: the page, the element, its base and the login box. */
function expectNoOverflow(login: MountedLogin, what: string): void {
  const page = document.documentElement;
  expect(page.scrollWidth, `${what}: page`).to.be.at.most(page.clientWidth);
  for (const node of [login.element, login.root.querySelector('.sso-login')!, login.root.querySelector('.sso-box')!]) {
    expect(node.scrollWidth, `${what}: ${node.className || node.tagName}`).to.be.at.most(node.clientWidth);
  }
  const box = login.root.querySelector('.sso-box')!.getBoundingClientRect();
  expect(box.left, `${what}: box left`).to.be.at.least(0);
  expect(box.right, `${what}: box right`).to.be.at.most(page.clientWidth);
}

/**
 * A dialog at phone width: nothing wider than the viewport, and every button can be brought into
 * view (the dialog scrolls if the phone is short) where a tap at its centre hits it, not something
 * above it.
 */
function expectDialogFits(root: ShadowRoot, dialog: HTMLDialogElement, what: string): void {
  const page = document.documentElement;
  const rect = dialog.getBoundingClientRect();
  expect(rect.left, `${what}: left`).to.be.at.least(0);
  expect(rect.right, `${what}: right`).to.be.at.most(page.clientWidth);
  expect(dialog.scrollWidth, `${what}: content width`).to.be.at.most(dialog.clientWidth);
  expect(page.scrollWidth, `${what}: page`).to.be.at.most(page.clientWidth);
  const buttons = Array.from(dialog.querySelectorAll<HTMLButtonElement>('button'));
  expect(buttons.length, `${what}: buttons`).to.be.greaterThan(0);
  for (const button of buttons) {
    button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = button.getBoundingClientRect();
    const name = `${what}: ${button.textContent}`;
    expect(box.width, `${name} width`).to.be.greaterThan(0);
    expect([box.left >= 0, box.right <= page.clientWidth, box.top >= 0, box.bottom <= window.innerHeight], `${name} in view ${JSON.stringify(box.toJSON())}`)
      .to.deep.equal([true, true, true, true]);
    const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(hit === button || button.contains(hit), `${name} is what a tap hits`).to.equal(true);
  }
}

type ViewStep = { name: string; attributes?: Record<string, string>; open?: (login: MountedLogin) => Promise<void> };

const VIEWS: ViewStep[] = [
  { name: 'password' },
  {
    name: 'mobile',
    open: async (login) => {
      byText(login.root, 'button', '手机登录').click();
      await waitFor(() => login.root.querySelector('form[name="sso-mobile-login"]'));
    },
  },
  {
    name: 'register',
    open: async (login) => {
      byText(login.root, 'button', '注册账号').click();
      await waitFor(() => login.root.querySelector('form[name="sso-register"]'));
    },
  },
  {
    name: 'forgot',
    open: async (login) => {
      byText(login.root, 'button', '忘记密码').click();
      await waitFor(() => login.root.querySelector('.sso-box[data-view="forgot"]'));
    },
  },
  { name: 'logout', attributes: { 'is-signout': '1' }, open: async (login) => void (await waitFor(() => login.root.querySelector('.sso-logout'), 8000)) },
  { name: 'redirect', attributes: { 'is-redirect-self': '1' }, open: async (login) => void (await waitFor(() => login.root.querySelector('.sso-redirect [role="alert"]'), 8000)) },
];

describe('<sso-login> on phones', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();
  beforeEach(() => localStorage.removeItem(QR_CHOICE_STORAGE_KEY));
  afterEach(async () => {
    login = null;
    await setViewport({ width: 800, height: 600 });
  });

  for (const width of WIDTHS) {
    it(`no horizontal overflow at ${width} px in every view`, async () => {
      await setViewport({ width, height: 740 });
      for (const view of VIEWS) {
        login = await mountLogin({ 'sso-domain': 'exeed.localhost', ...view.attributes });
        await groupLoaded(login);
        await view.open?.(login);
        expectNoOverflow(login, `${view.name} at ${width}`);
        login.remove();
      }
    });

    it(`no horizontal overflow at ${width} px in every brand`, async () => {
      await setViewport({ width, height: 740 });
      for (const host of HOSTS) {
        login = await mountLogin({ 'sso-domain': host });
        await groupLoaded(login);
        expectNoOverflow(login, `${host} at ${width}`);
        login.remove();
      }
    });
  }

  it('no horizontal overflow in the QR view at 768 px', async () => {
    const restore = setQrSdkUrls({ wecom: '/__test/sdk/wecom.js', feishu: '/__test/sdk/feishu.js' });
    try {
      await setViewport({ width: 768, height: 900 });
      login = await mountLogin({ 'sso-domain': 'localhost' });
      const toggle = await waitFor(() => login!.root.querySelector<HTMLButtonElement>('.sso-box__toggle'), 8000);
      toggle.click();
      await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
      expect(login.root.querySelector('.sso-qr-tabs')).to.not.equal(null);
      expectNoOverflow(login, 'qr at 768');
    } finally {
      restore();
    }
  });

  it('offers no QR login at 375 px: no toggle, no tabs; a stored QR choice falls back to password; SMS stays', async () => {
    localStorage.setItem(QR_CHOICE_STORAGE_KEY, 'feishu');
    await setViewport({ width: 375, height: 740 });
    login = await mountLogin({ 'sso-domain': 'localhost' });
    await groupLoaded(login);
    expect(login.root.querySelector('.sso-box__toggle')).to.equal(null);
    expect(login.root.querySelector('.sso-qr-tabs')).to.equal(null);
    expect(login.root.querySelector('.sso-qr')).to.equal(null);
    expect(byText(login.root, 'button', '手机登录')).to.not.equal(null);
    // Rotated or widened past 600 px: the QR toggle comes back.
    await setViewport({ width: 800, height: 740 });
    await waitFor(() => login!.root.querySelector('.sso-box__toggle'), 8000);
  });

  it('counts touch-only devices as phones, and wide desktop screens not', () => {
    expect(PHONE_MEDIA_QUERY).to.contain('(hover: none) and (pointer: coarse)');
    expect(PHONE_MEDIA_QUERY).to.contain('(max-width: 599.98px)');
    // The runner's desktop Chromium has a mouse: at 800 px it is no phone.
    expect(window.matchMedia('(hover: none) and (pointer: coarse)').matches).to.equal(false);
  });

  it('recognises the WeCom and Feishu in-app browsers, and no other', () => {
    expect(appBrowserOf('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.0 MicroMessenger/7.0.1')).to.equal('wecom');
    expect(appBrowserOf('Mozilla/5.0 (Linux; Android 13) Chrome/112 Mobile Safari/537.36 Lark/6.9.5 LarkLocale/zh_CN')).to.equal('feishu');
    expect(appBrowserOf('Mozilla/5.0 (iPhone) Mobile/15E148 Feishu/7.1.0')).to.equal('feishu');
    expect(appBrowserOf('Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.40')).to.equal(null);
    expect(appBrowserOf(navigator.userAgent)).to.equal(null);
  });

  it('outside a messenger browser there is no "open in" button; the WeCom in-app URL carries the group and the state', async () => {
    login = await mountLogin({ 'sso-domain': 'localhost' });
    await groupLoaded(login);
    expect(login.root.querySelector('.sso-app-login')).to.equal(null);
    const url = new URL(weComInAppUrl({ appid: 'ww1', agentid: '100', redirect_uri: 'http://localhost/?is_redirect_self=1&login_type=wecom' }, 'abc'));
    expect(url.origin + url.pathname).to.equal('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      appid: 'ww1', redirect_uri: 'http://localhost/?is_redirect_self=1&login_type=wecom', response_type: 'code', scope: 'snsapi_base', state: 'abc', agentid: '100',
    });
    expect(url.hash).to.equal('#wechat_redirect');
  });

  for (const height of [568, 480]) {
    it(`the AU00153 prompt and the change-password dialog fit 320 x ${height} px, every button reachable`, async () => {
      await setViewport({ width: 320, height });
      const { api, attributes } = await scriptAgeing('AU00153', 'exeed.localhost');
      try {
        login = await mountLogin(attributes);
        await groupLoaded(login);
        input(login.root, 'name').value = 'agedpwd';
        input(login.root, 'pwd').value = 'Sso@2026aged';
        (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
        const prompt = await waitFor(() => login!.root.querySelector<HTMLDialogElement>('dialog[data-kind="confirm"][open]'), 8000);
        expectDialogFits(login.root, prompt, `system confirm at ${height}`);
        byText(prompt, 'button', '确定').click();
        const dialog = await waitFor(() => login!.root.querySelector<HTMLDialogElement>('dialog.sso-change-password[open]'), 8000);
        expectDialogFits(login.root, dialog, `change password at ${height}`);
        // With every field's error shown it is at its tallest.
        (dialog.querySelector('form') as HTMLFormElement).requestSubmit();
        await waitFor(() => dialog.querySelector('.sso-field-error'));
        expectDialogFits(login.root, dialog, `change password with errors at ${height}`);
      } finally {
        api.restore();
      }
    });
  }

  it('an alert with a long unbroken message and the 424 confirm fit 320 px', async () => {
    await setViewport({ width: 320, height: 568 });
    const center = createNoticeCenter();
    const layer = mountNoticeLayer(center);
    try {
      void center.alert(`回调地址无效：https://dealer-portal.exeed.example.com/${'x'.repeat(120)}`);
      const alert = await waitFor(() => layer.root.querySelector<HTMLDialogElement>('dialog[data-kind="alert"][open]'));
      expectDialogFits(layer.root, alert, 'alert');
      byText(alert, 'button', '确定').click();
      void center.confirm('令牌状态已过期，请点击重新登录', { okLabel: '重新登录' });
      const confirm = await waitFor(() => layer.root.querySelector<HTMLDialogElement>('dialog[data-kind="confirm"][open]'));
      expectDialogFits(layer.root, confirm, '424 confirm');
    } finally {
      layer.unmount();
    }
  });

  it('long names wrap inside the brand panel at 320 px', async () => {
    await setViewport({ width: 320, height: 740 });
    login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
    await groupLoaded(login);
    const title = login.root.querySelector<HTMLElement>('.sso-brand__title')!;
    title.textContent = '星途EXEED经销商平台星途EXEED经销商平台星途EXEED经销商平台ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    expect(title.scrollWidth).to.be.at.most(title.clientWidth);
    expectNoOverflow(login, 'long title');
  });
});

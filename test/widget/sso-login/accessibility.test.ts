// Every view passes an axe check, has labels and a visible focus ring, and works by keyboard.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mountNoticeLayer, waitFor } from '../support/helpers.ts';
import { ok, scriptApi, SCRIPTED_BASE } from '../app-center/scripted-api.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { deepActiveElement } from '../../../widget/core/deep-focus.ts';
import { setQrSdkUrls } from '../../../widget/sso-login/qr/qr-sdk.ts';
import { QR_CHOICE_STORAGE_KEY } from '../../../widget/sso-login/qr/qr-store.ts';
import { byText, groupLoaded, input, mountLogin, signOutForReal, type MountedLogin } from './login-fixture.ts';
import { scriptAgeing } from './scripted-ageing.ts';

async function expectAccessible(login: MountedLogin): Promise<void> {
  await expect(login.root.querySelector('.sso-login')).to.be.accessible();
  // Every input has a label.
  for (const field of Array.from(login.root.querySelectorAll('input'))) {
    expect(login.root.querySelector(`label[for="${field.id}"]`), field.name).to.not.equal(null);
  }
}

/** A modal dialog of the element (system prompt or change password), open and checked by axe. */
async function expectDialogAccessible(login: MountedLogin, selector: string): Promise<HTMLDialogElement> {
  const dialog = await waitFor(() => login.root.querySelector<HTMLDialogElement>(`${selector}[open]`), 8000);
  await expect(dialog).to.be.accessible();
  return dialog;
}

async function signInWith(login: MountedLogin, name: string, pwd: string): Promise<void> {
  await groupLoaded(login);
  input(login.root, 'name').value = name;
  input(login.root, 'pwd').value = pwd;
  (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
}

async function tabUntil(predicate: (element: HTMLElement | null) => boolean, limit = 20): Promise<HTMLElement> {
  for (let i = 0; i < limit; i += 1) {
    await sendKeys({ press: 'Tab' });
    const active = deepActiveElement();
    if (predicate(active)) return active!;
  }
  throw new Error('never reached by Tab');
}

describe('<sso-login> accessibility', () => {
  let login: MountedLogin | null = null;
  before(signOutForReal);
  beforeEach(() => localStorage.removeItem(QR_CHOICE_STORAGE_KEY));
  afterEach(() => {
    login?.remove();
    login = null;
  });

  it('the axe check sees inside the shadow root (guard against a check that cannot fail)', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    host.attachShadow({ mode: 'open' }).innerHTML = '<div><input type="text"></div>';
    await expect(host.shadowRoot!.querySelector('div')).not.to.be.accessible();
    host.remove();
  });

  it('password view', async () => {
    login = await mountLogin();
    await groupLoaded(login);
    await expectAccessible(login);
  });

  it('password view with field errors', async () => {
    login = await mountLogin();
    (login.root.querySelector('form') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.root.querySelector('.sso-field-error'));
    await expectAccessible(login);
  });

  it('mobile view', async () => {
    login = await mountLogin();
    byText(login.root, 'button', '手机登录').click();
    await waitFor(() => login!.root.querySelector('form[name="sso-mobile-login"]'));
    await expectAccessible(login);
  });

  it('register view with field errors', async () => {
    login = await mountLogin();
    byText(login.root, 'button', '注册账号').click();
    const form = await waitFor(() => login!.root.querySelector<HTMLFormElement>('form[name="sso-register"]'));
    form.requestSubmit();
    await waitFor(() => login!.root.querySelector('.sso-field-error'));
    await expectAccessible(login);
  });

  it('WeCom and Feishu QR views', async () => {
    const restore = setQrSdkUrls({ wecom: '/__test/sdk/wecom.js', feishu: '/__test/sdk/feishu.js' });
    try {
      login = await mountLogin();
      const toggle = await waitFor(() => login!.root.querySelector<HTMLButtonElement>('.sso-box__toggle'), 8000);
      toggle.click();
      await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="wecom"][data-state="ready"]'), 8000);
      await expectAccessible(login);
      byText(login.root, '.sso-qr-tabs button', '飞书扫码登录').click();
      await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="feishu"][data-state="ready"]'), 8000);
      await expectAccessible(login);
    } finally {
      restore();
    }
  });

  it('logout view', async () => {
    login = await mountLogin({ 'is-signout': '1' });
    await waitFor(() => login!.root.querySelector('.sso-logout button:not([aria-busy])'), 8000);
    await expectAccessible(login);
  });

  it('external-redirect view (failure)', async () => {
    login = await mountLogin({ 'is-redirect-self': '1' });
    await waitFor(() => login!.root.querySelector('.sso-redirect [role="alert"]'));
    await expectAccessible(login);
  });

  it('忘记密码 view, empty and with field errors', async () => {
    login = await mountLogin();
    await groupLoaded(login);
    byText(login.root, 'button', '忘记密码').click();
    const form = await waitFor(() => login!.root.querySelector<HTMLFormElement>('form[name="sso-forgot-password"]'));
    await expectAccessible(login);
    form.requestSubmit();
    await waitFor(() => login!.root.querySelector('.sso-field-error'));
    await expectAccessible(login);
  });

  it('AU00153 prompt, then the change-password dialog, empty and with field errors', async () => {
    const { api, attributes } = await scriptAgeing('AU00153');
    try {
      login = await mountLogin(attributes);
      await signInWith(login, 'agedpwd', 'Sso@2026aged');
      const prompt = await expectDialogAccessible(login, 'dialog[data-kind="confirm"]');
      byText(prompt, 'button', '确定').click();
      const dialog = await expectDialogAccessible(login, 'dialog.sso-change-password');
      (dialog.querySelector('form') as HTMLFormElement).requestSubmit();
      await waitFor(() => dialog.querySelector('.sso-field-error'));
      await expectDialogAccessible(login, 'dialog.sso-change-password');
    } finally {
      api.restore();
    }
  });

  it('AU00154 (first login) prompt and its change-password dialog', async () => {
    const { api, attributes } = await scriptAgeing('AU00154');
    try {
      login = await mountLogin(attributes);
      await signInWith(login, 'firstlogin', 'Sso@2026first');
      const prompt = await expectDialogAccessible(login, 'dialog[data-kind="confirm"]');
      byText(prompt, 'button', '确定').click();
      await expectDialogAccessible(login, 'dialog.sso-change-password[data-reason="AU00154"]');
    } finally {
      api.restore();
    }
  });

  it('the 424 confirm (token expired), in the element\'s own look', async () => {
    const group = (await (await fetch('/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=localhost')).json()).data;
    const api = scriptApi({
      '/centerAuth/clientGroup/detailGetBySsoDomain': ok(group),
      '/centerAuth/sso/isLogin': { status: 424, body: { code: 424, msg: '令牌状态已过期，请点击重新登录', data: null } },
    });
    try {
      login = await mountLogin({ 'api-base': SCRIPTED_BASE });
      const dialog = await expectDialogAccessible(login, 'dialog[data-kind="confirm"]');
      expect(dialog.textContent).to.contain('令牌状态已过期');
    } finally {
      api.restore();
    }
  });

  it('the alert dialog and the toast stack', async () => {
    const center = createNoticeCenter();
    const layer = mountNoticeLayer(center);
    try {
      center.toast('error', '系统错误请联系管理员');
      center.toast('success', '修改成功');
      void center.alert('网络连接已断开，请检查网络后重试');
      const dialog = await waitFor(() => layer.root.querySelector<HTMLDialogElement>('dialog[data-kind="alert"][open]'));
      await expect(dialog).to.be.accessible();
      await expect(layer.root.querySelector('.sso-toasts')).to.be.accessible();
    } finally {
      layer.unmount();
    }
  });

  for (const host of ['localhost', 'ka.localhost', 'operation.localhost', 'yingfeng.localhost', 'icar.localhost', 'exeed.localhost']) {
    it(`brand of ${host}: its colours, logo and carousel control pass axe`, async () => {
      login = await mountLogin({ 'sso-domain': host });
      await groupLoaded(login);
      await expectAccessible(login);
    });
  }

  it('the skeleton before the group config passes axe', async () => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('sso-login.brand:')) localStorage.removeItem(key);
    login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
    // Checked at once, while the brand is pending (or just arrived: both must pass).
    await expectAccessible(login);
  });

  it('the QR frame the SDK draws has a title (axe frame-title)', async () => {
    const restore = setQrSdkUrls({ wecom: '/__test/sdk/wecom.js', feishu: '/__test/sdk/feishu.js' });
    try {
      login = await mountLogin();
      (await waitFor(() => login!.root.querySelector<HTMLButtonElement>('.sso-box__toggle'), 8000)).click();
      await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
      const frame = login.element.querySelector('iframe')!;
      expect(frame.title).to.equal('企业微信扫码登录');
      await expect(login.element.querySelector('.sso-qr-frame')).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('keyboard alone: Tab reaches the QR toggle, the inputs, the button and the other views; focus is visible', async () => {
    login = await mountLogin();
    await waitFor(() => login!.root.querySelector('.sso-box__toggle'), 8000);
    const toggle = await tabUntil((el) => el?.classList.contains('sso-box__toggle') ?? false);
    expect(getComputedStyle(toggle).outlineStyle).to.equal('solid');
    const name = await tabUntil((el) => el?.getAttribute('name') === 'name');
    expect(getComputedStyle(name).outlineStyle).to.equal('solid');
    await tabUntil((el) => el?.getAttribute('name') === 'pwd');
    await tabUntil((el) => el?.textContent === '登录');
    const mobile = await tabUntil((el) => el?.textContent === '手机登录');
    expect(getComputedStyle(mobile).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => login!.root.querySelector('form[name="sso-mobile-login"]'));
  });

  it('keyboard alone: the QR toggle opens QR mode with Enter', async () => {
    const restore = setQrSdkUrls({ wecom: '/__test/sdk/wecom.js', feishu: '/__test/sdk/feishu.js' });
    try {
      login = await mountLogin();
      await waitFor(() => login!.root.querySelector('.sso-box__toggle'), 8000);
      await tabUntil((el) => el?.classList.contains('sso-box__toggle') ?? false);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => login!.root.querySelector('.sso-qr'));
    } finally {
      restore();
    }
  });
});

// Every view passes an axe check, has labels and a visible focus ring, and works by keyboard.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../support/helpers.ts';
import { deepActiveElement } from '../../../widget/core/deep-focus.ts';
import { setQrSdkUrls } from '../../../widget/sso-login/qr-sdk.ts';
import { QR_CHOICE_STORAGE_KEY } from '../../../widget/sso-login/stores/qr-choice.ts';
import { byText, groupLoaded, mountLogin, signOutForReal, type MountedLogin } from './login-fixture.ts';

async function expectAccessible(login: MountedLogin): Promise<void> {
  await expect(login.root.querySelector('.sso-login')).to.be.accessible();
  // Every input has a label.
  for (const field of Array.from(login.root.querySelectorAll('input'))) {
    expect(login.root.querySelector(`label[for="${field.id}"]`), field.name).to.not.equal(null);
  }
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

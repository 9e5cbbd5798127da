// Issue 15: on phones a toast covered the app centre's avatar (its user menu) and the top of the
// login box. At 320 px a toast must cover no control the user needs at that moment: the app
// centre's user button, and the login box's submit button right after "验证码已发送".
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../support/helpers.ts';
import { ok, scriptApi, type ScriptedApi } from '../app-center/scripted-api.ts';
import { cards, mountAppCenter, signedInRoutes, waitForCards, type Mounted } from '../app-center/fixtures.ts';
import { byText, input, mountLogin, withLoginFixture } from '../sso-login/login-fixture.ts';

/** A phone of the smallest common size (iPhone SE, first generation). */
const PHONE = { width: 320, height: 568 };

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function expectApart(toast: Element, control: Element, what: string): void {
  const toastRect = toast.getBoundingClientRect();
  const controlRect = control.getBoundingClientRect();
  // The control is on screen (else "not covered" would prove nothing).
  expect(controlRect.height, `${what} is shown`).to.be.greaterThan(0);
  expect(controlRect.bottom, `${what} is in the viewport`).to.be.at.most(window.innerHeight);
  const where = `toast ${JSON.stringify(toastRect.toJSON())} vs ${what} ${JSON.stringify(controlRect.toJSON())}`;
  expect(overlaps(toastRect, controlRect), where).to.equal(false);
  // And the toast itself fits the phone.
  expect(toastRect.left, 'toast left').to.be.at.least(0);
  expect(toastRect.right, 'toast right').to.be.at.most(document.documentElement.clientWidth);
}

describe('toasts on a 320 px phone', () => {
  withLoginFixture();
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  describe('<app-center>', () => {
    let api: ScriptedApi | null = null;
    let mounted: Mounted | null = null;
    afterEach(() => {
      mounted?.remove();
      api?.restore();
    });

    it('a toast leaves the user button (avatar) free', async () => {
      await setViewport(PHONE);
      api = scriptApi(signedInRoutes({
        '/centerAuth/client/getClientListBySsoDomain': ok([{ id: 9, name: '待上线系统', logo: '', intro: '', autoLoginUrl: ' ' }]),
      }));
      mounted = mountAppCenter();
      await waitForCards(mounted.root, 1);
      cards(mounted.root)[0]!.click();
      const toast = await waitFor(() => mounted!.root.querySelector('[part="toast"]'));
      const userButton = mounted.root.querySelector('[part="user-button"]')!;
      expectApart(toast, userButton, 'user button');
    });
  });

  describe('<sso-login>', () => {
    it('验证码已发送 leaves the submit button free', async () => {
      await setViewport(PHONE);
      const login = await mountLogin();
      byText(login.root, 'button', '手机登录').click();
      const form = await waitFor(() => login.root.querySelector<HTMLFormElement>('form[name="sso-mobile-login"]'));
      input(login.root, 'phone').value = '13800000001';
      (login.root.querySelector('.sso-send-code') as HTMLButtonElement).click();
      const toast = await waitFor(() => login.root.querySelector('[part="toast"][data-type="success"]'), 8000);
      expectApart(toast, form.querySelector('button[type="submit"]')!, 'submit button');
    });
  });
});

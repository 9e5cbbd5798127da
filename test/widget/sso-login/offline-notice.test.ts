// Offline (issue 15: "the offline notice shows twice"): a password sign-in with no network fails in
// the public-key call and then would fail in the sign-in itself; the visitor sees one
// 网络连接失败, in the form where he looks, and no toast saying it again. Also for a repeated try.
import { expect, nextFrame } from '@open-wc/testing';
import { waitFor } from '../support/helpers.ts';
import { input, mountLogin, toasts, withLoginFixture } from './login-fixture.ts';

/** Nothing listens there: every call fails the way it does without a network. */
const UNREACHABLE_API = 'http://127.0.0.1:9/api';
const NETWORK_ERROR = '网络连接失败，请检查网络后重试';

/** Every place the element shows a message: toasts, the form's error, field errors. */
function shownMessages(root: ShadowRoot): string[] {
  const formErrors = Array.from(root.querySelectorAll('.sso-form-error')).map((node) => node.textContent ?? '').filter(Boolean);
  const fieldErrors = Array.from(root.querySelectorAll('.sso-field-error')).map((node) => node.textContent ?? '').filter(Boolean);
  return [...toasts(root), ...formErrors, ...fieldErrors];
}

describe('<sso-login> offline', () => {
  withLoginFixture();

  it('shows one network notice for a sign-in that fails offline, also when tried again', async () => {
    const login = await mountLogin({ 'api-base': UNREACHABLE_API });
    await waitFor(() => login.root.querySelector('.sso-login[data-page-ready="true"]'), 8000);
    const form = login.root.querySelector<HTMLFormElement>('form[name="sso-password-login"]')!;
    input(login.root, 'name').value = 'zhangwei';
    input(login.root, 'pwd').value = 'Sso@2026demo';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      form.requestSubmit();
      await waitFor(() => login.events.filter((event) => event.type === 'sso-login-error').length >= attempt, 8000);
      await waitFor(() => !login.root.querySelector('form[name="sso-password-login"] [aria-busy="true"]'), 8000);
      // A toast raised late (after the error event, in a later render) would be on screen by the
      // next frame: the notices render from their store in React's next commit.
      await nextFrame();
      await nextFrame();
      expect(shownMessages(login.root), `attempt ${attempt}`).to.deep.equal([NETWORK_ERROR]);
    }
  });
});

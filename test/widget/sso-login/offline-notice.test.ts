// Offline (issue 15: "the offline toast shows twice"): a password sign-in with no network fails in
// the public-key call and then in the sign-in itself; the visitor sees one 网络连接失败, not two.
import { expect } from '@open-wc/testing';
import { waitFor } from '../support/helpers.ts';
import { input, mountLogin, toasts, withLoginFixture } from './login-fixture.ts';

/** Nothing listens there: every call fails the way it does without a network. */
const UNREACHABLE_API = 'http://127.0.0.1:9/api';
const NETWORK_ERROR = '网络连接失败，请检查网络后重试';

describe('<sso-login> offline', () => {
  withLoginFixture();

  it('shows one network notice for a sign-in that fails offline, also when tried again', async () => {
    const login = await mountLogin({ 'api-base': UNREACHABLE_API });
    await waitFor(() => login.root.querySelector('.sso-login[data-page-ready="true"]'), 8000);
    const form = login.root.querySelector<HTMLFormElement>('form[name="sso-password-login"]')!;
    input(login.root, 'name').value = 'zhangwei';
    input(login.root, 'pwd').value = 'Sso@2026demo';
    form.requestSubmit();
    await waitFor(() => toasts(login.root).length > 0, 8000);
    // Both failures have been reported once the button is no longer waiting.
    await waitFor(() => !login.root.querySelector('form[name="sso-password-login"] [aria-busy="true"]'), 8000);
    expect(toasts(login.root)).to.deep.equal([NETWORK_ERROR]);
    form.requestSubmit();
    await waitFor(() => login.events.filter((event) => event.type === 'sso-login-error').length >= 2, 8000);
    await waitFor(() => !login.root.querySelector('form[name="sso-password-login"] [aria-busy="true"]'), 8000);
    expect(toasts(login.root)).to.deep.equal([NETWORK_ERROR]);
  });
});

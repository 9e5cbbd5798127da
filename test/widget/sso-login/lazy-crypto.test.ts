// sm-crypto is fetched after the first render: the form is on screen before the request for it.
import { expect } from '@open-wc/testing';
import { setSm2Loader } from '../../../widget/core/sm2.ts';
import { recordFetches, waitFor } from '../support/helpers.ts';
import { input, mountLogin, signOutForReal } from './login-fixture.ts';

describe('<sso-login> lazy SM2', () => {
  it('renders the form before sm-crypto is requested, then uses it for the password', async () => {
    await signOutForReal();
    const seen: Array<{ formOnScreen: boolean }> = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const restore = setSm2Loader(async () => {
      const element = document.querySelector('sso-login');
      // The password input is slotted from the light DOM into the shadow form (password managers).
      const form = element?.shadowRoot?.querySelector('form[name="sso-password-login"]');
      const pwd = element?.querySelector(':scope > input[name="pwd"]');
      seen.push({ formOnScreen: Boolean(form && pwd && form.querySelector(`slot[name="${pwd.slot}"]`)) });
      await gate; // sm-crypto "on a slow network"
      return import('sm-crypto');
    });
    const login = await mountLogin();
    try {
      await waitFor(() => seen.length > 0);
      expect(seen).to.deep.equal([{ formOnScreen: true }]);
      // The form is usable while sm-crypto is still on its way; the login waits for it.
      input(login.root, 'name').value = 'zhangwei';
      input(login.root, 'pwd').value = 'Sso@2026demo';
      const fetches = recordFetches();
      try {
        (login.root.querySelector('form') as HTMLFormElement).requestSubmit();
        // The login has started (button busy) and has the public key: only sm-crypto is missing.
        await waitFor(() => login.root.querySelector('form[name="sso-password-login"] button[aria-busy="true"]'));
        await waitFor(() => fetches.answered('/centerAuth/commonConfig/getPublicKeySm2').length === 1, 8000);
        expect(fetches.urls.filter((url) => url.includes('/doLogin'))).to.deep.equal([]);
        expect(login.visited).to.deep.equal([]);
      } finally {
        fetches.restore();
      }
      release();
      await waitFor(() => login.visited.length > 0, 8000);
      expect(login.visited).to.deep.equal(['/home']);
    } finally {
      restore();
      login.remove();
      await signOutForReal();
    }
  });
});

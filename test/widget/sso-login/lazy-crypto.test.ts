// sm-crypto is fetched at the user's first focus (or key press) in the element, not with the first
// render: the form is on screen and the page's own calls done before anything asks for it, and a
// submit still waits for it.
import { expect } from '@open-wc/testing';
import { setSm2Loader } from '../../../widget/core/sm2.ts';
import { recordFetches, waitFor } from '../support/helpers.ts';
import { input, mountLogin, pageReady, signOutForReal } from './login-fixture.ts';

describe('<sso-login> lazy SM2', () => {
  it('asks for sm-crypto only at the first focus, with the form on screen; the login waits for it', async () => {
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
      // The page's load logic (isLogin, the group) has run and two frames have passed: nothing asked for it.
      await pageReady(login);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      expect(seen).to.deep.equal([]);

      input(login.root, 'name').focus();
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
      // Asked for once: the focus started it, the submit waited for the same fetch.
      expect(seen).to.have.length(1);
    } finally {
      restore();
      login.remove();
      await signOutForReal();
    }
  });
});

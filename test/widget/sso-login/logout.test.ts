// The logout view (is_signout set and not 0) against the real server: the sign-out call on load
// and the single sign-out button.
import { expect } from '@open-wc/testing';
import { waitFor } from '../support/helpers.ts';
import { createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { createPasswordEncryptor } from '../../../widget/core/sm2.ts';
import { isLoggedIn, mountLogin, setQuery, signOutForReal, type MountedLogin } from './login-fixture.ts';

async function logInForReal(): Promise<void> {
  const client = createApiClient({ apiBase: '/api', notices: createNoticeCenter() });
  const pwd = await createPasswordEncryptor(client)('Sso@2026demo');
  await client.post('/centerAuth/sso/doLogin', { form: { name: 'zhangwei', pwd, loginType: 0 } });
}

describe('<sso-login> logout view', () => {
  let login: MountedLogin | null = null;
  afterEach(async () => {
    login?.remove();
    login = null;
    await signOutForReal();
  });

  it('with is_signout=1 in the URL: signs out on load and shows one sign-out button', async () => {
    await logInForReal();
    expect(await isLoggedIn()).to.equal(true);
    const restore = setQuery('is_signout=1');
    try {
      login = await mountLogin();
    } finally {
      restore();
    }
    expect(login.root.querySelector('.sso-box__title')?.textContent).to.equal('退出登录');
    // The button waits (退出登录…) while the sign-out call of the load runs.
    await waitFor(() => !login!.root.querySelector('.sso-box__body button[aria-busy="true"]'), 8000);
    // One button; signed out, it leads back to the login (issue 15: not 退出登录 under 您已退出登录).
    const buttons = login.root.querySelectorAll('.sso-box__body button');
    expect(Array.from(buttons).map((b) => b.textContent)).to.deep.equal(['重新登录']);
    expect(login.root.querySelector('.sso-logout__text')?.textContent).to.equal('您已退出登录');
    expect(await isLoggedIn()).to.equal(false);
    // Signed out: no redirect to /home.
    expect(login.visited).to.deep.equal([]);
    await expect(login.root.querySelector('.sso-box')).to.be.accessible();
  });

  it('the sign-out button signs out and shows the login box', async () => {
    login = await mountLogin({ 'is-signout': 'yes' });
    const button = login.root.querySelector<HTMLButtonElement>('.sso-box__body button')!;
    await waitFor(() => !button.hasAttribute('aria-busy'), 5000);
    await logInForReal();
    button.click();
    await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'), 8000);
    expect(await isLoggedIn()).to.equal(false);
    expect(login.events.filter((e) => e.type === 'sso-login-view-change').map((e) => e.detail.view)).to.deep.equal(['password']);
  });

  it('is_signout=0 is the normal login page', async () => {
    login = await mountLogin({ 'is-signout': '0' });
    expect(login.root.querySelector('form[name="sso-password-login"]')).to.not.equal(null);
  });
});

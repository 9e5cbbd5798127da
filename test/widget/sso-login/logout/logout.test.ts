// The logout view (is_signout set and not 0) against the real server: loading it signs nobody out
// (a link or an image on another site must not end a session); its single button 退出登录 signs out,
// then the view says 您已退出登录 and its button leads back to the login box.
import { expect, nextFrame } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { createApiClient } from '../../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../../widget/core/notices.ts';
import { createPasswordEncryptor } from '../../../../widget/core/sm2.ts';
import { isLoggedIn, mountLogin, setQuery, signOutForReal, type MountedLogin } from '../login-fixture.ts';

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

  it('with is_signout=1 in the URL: one sign-out button, and loading the page signs nobody out', async () => {
    await logInForReal();
    expect(await isLoggedIn()).to.equal(true);
    // Every call the element makes from here on: loading the view must make no sign-out call.
    const calls: string[] = [];
    const originalFetch = window.fetch;
    window.fetch = (resource, init) => {
      calls.push(String(resource instanceof Request ? resource.url : resource));
      return originalFetch(resource, init);
    };
    const restore = setQuery('is_signout=1');
    try {
      login = await mountLogin();
    } finally {
      restore();
    }
    expect(login.root.querySelector('.sso-box__title')?.textContent).to.equal('退出登录');
    await waitFor(() => login!.root.querySelector('.sso-logout[data-state="ready"] button:not([aria-busy="true"])'), 8000);
    const buttons = login.root.querySelectorAll('.sso-box__body button');
    expect(Array.from(buttons).map((b) => b.textContent)).to.deep.equal(['退出登录']);
    expect(login.root.querySelector('.sso-logout__text')?.textContent).to.equal('是否退出统一登录？');
    // Nothing signed out, and no redirect to /home either: the view, ready, waits for the button.
    // Its calls on load (the group's look) were made before it became ready.
    await nextFrame();
    window.fetch = originalFetch;
    expect(calls.filter((url) => url.includes('/signout'))).to.deep.equal([]);
    expect(calls.length, 'the spy saw the element\'s own calls').to.be.greaterThan(0);
    expect(await isLoggedIn()).to.equal(true);
    expect(login.visited).to.deep.equal([]);
    await expect(login.root.querySelector('.sso-box')).to.be.accessible();
  });

  it('the sign-out button signs out, says 您已退出登录, and leads back to the login box', async () => {
    await logInForReal();
    login = await mountLogin({ 'is-signout': 'yes' });
    const button = await waitFor(() => login!.root.querySelector<HTMLButtonElement>('.sso-logout button:not([aria-busy="true"])'), 8000);
    expect(button.textContent).to.equal('退出登录');
    button.click();
    await waitFor(() => login!.root.querySelector('.sso-logout[data-state="done"] button:not([aria-busy="true"])'), 8000);
    expect(await isLoggedIn()).to.equal(false);
    expect(login.root.querySelector('.sso-logout__text')?.textContent).to.equal('您已退出登录');
    const again = login.root.querySelectorAll<HTMLButtonElement>('.sso-box__body button');
    expect(Array.from(again).map((b) => b.textContent)).to.deep.equal(['重新登录']);
    await expect(login.root.querySelector('.sso-box')).to.be.accessible();
    again[0]!.click();
    await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'), 8000);
    expect(login.events.filter((e) => e.type === 'sso-login-view-change').map((e) => e.detail.view)).to.deep.equal(['password']);
  });

  it('is_signout=0 is the normal login page', async () => {
    login = await mountLogin({ 'is-signout': '0' });
    expect(login.root.querySelector('form[name="sso-password-login"]')).to.not.equal(null);
  });
});

// The logout view follows the sign-out's logoutChain (SAML apps only the browser can sign out, issue
// 23): when the server answers one, the page goes there (the portal walks the apps, then says
// 您已退出登录 itself); when it answers null, the view says 您已退出登录 and goes nowhere.
// The sign-out call is answered here (a real chain needs a SAML SP; test/server/saml and
// test/e2e/saml-mellon.test.ts drive that): only the widget's part is under test.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { mountLogin, type MountedLogin } from '../login-fixture.ts';

const CHAIN = 'https://sso.example.com/saml/slo/front?start=abc';

function answerSignOut(data: unknown): () => void {
  const original = window.fetch;
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/centerAuth/sso/signout')) {
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return original(input, init);
  };
  return () => {
    window.fetch = original;
  };
}

describe('<sso-login> logout view and the SAML front-channel logout chain', () => {
  let login: MountedLogin | null = null;
  let restore: (() => void) | null = null;
  afterEach(() => {
    login?.remove();
    login = null;
    restore?.();
    restore = null;
  });

  async function signOut(data: unknown): Promise<MountedLogin> {
    restore = answerSignOut(data);
    login = await mountLogin({ 'is-signout': 'yes' });
    const button = await waitFor(() => login!.root.querySelector<HTMLButtonElement>('.sso-logout button:not([aria-busy="true"])'), 8000);
    button.click();
    await waitFor(() => login!.root.querySelector('.sso-logout[data-state="done"]'), 8000);
    return login;
  }

  it('goes to the chain the sign-out answered', async () => {
    const mounted = await signOut({ logoutChain: CHAIN });
    await waitFor(() => mounted.visited.length > 0 || null, 4000);
    expect(mounted.visited).to.deep.equal([CHAIN]);
  });

  it('goes nowhere when the sign-out answered null', async () => {
    const mounted = await signOut(null);
    expect(mounted.root.querySelector('.sso-logout__text')?.textContent).to.equal('您已退出登录');
    expect(mounted.visited).to.deep.equal([]);
  });
});

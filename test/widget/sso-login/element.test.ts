// The element itself: shadow root and constructable stylesheets (strict CSP), attributes and the
// page's query parameters, brand override, events, footer.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitFor, replyBase } from '../support/helpers.ts';
import { resolveLoginParams } from '../../../widget/sso-login/login-context/login-params.ts';
import { byText, groupLoaded, mountLogin, signOutForReal, type MountedLogin } from './login-fixture.ts';

function allNodes(root: ShadowRoot | Element): Element[] {
  return Array.from(root.querySelectorAll('*'));
}

describe('<sso-login> element', () => {
  let login: MountedLogin | null = null;
  before(signOutForReal);
  afterEach(() => {
    login?.remove();
    login = null;
  });

  it('renders into an open shadow root with adopted stylesheets, no style attributes, no <style>', async () => {
    login = await mountLogin();
    expect(login.element.shadowRoot).to.equal(login.root);
    // The shared base sheet, the element's sheet, and its brand-look sheet (brand-theme.ts).
    expect(login.root.adoptedStyleSheets.length).to.equal(3);
    expect(login.root.querySelectorAll('style')).to.have.length(0);
    expect(allNodes(login.root).filter((node) => node.hasAttribute('style'))).to.deep.equal([]);
    // Every view, the dialogs and the notices as well.
    for (const [name, form] of [['手机登录', 'sso-mobile-login'], ['注册账号', 'sso-register']] as const) {
      byText(login.root, 'button', name).click();
      await waitFor(() => login!.root.querySelector(`form[name="${form}"]`)); // the view has rendered
      expect(allNodes(login.root).filter((node) => node.hasAttribute('style'))).to.deep.equal([]);
    }
  });

  it('is defined once; loading the definition again changes nothing', async () => {
    const first = customElements.get('sso-login');
    await import('../../../widget/sso-login/define.ts');
    expect(customElements.get('sso-login')).to.equal(first);
  });

  it('uses api-base and sso-domain for its calls (defaults: /api and the page host name)', async () => {
    const urls: string[] = [];
    const original = window.fetch;
    window.fetch = (resource, init) => {
      urls.push(String(resource));
      return original(resource, init);
    };
    try {
      const base = replyBase(200, { code: 200, msg: 'success', data: false });
      login = await mountLogin({ 'api-base': base, 'sso-domain': 'brand.example.com' });
      await waitFor(() => urls.length >= 2);
      login.remove();
      login = await mountLogin();
      await waitFor(() => urls.length >= 4);
    } finally {
      window.fetch = original;
    }
    expect(urls).to.include(`${replyBase(200, { code: 200, msg: 'success', data: false })}/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=brand.example.com`);
    expect(urls).to.include(`/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=${window.location.hostname}`);
    expect(urls).to.include('/api/centerAuth/sso/isLogin');
  });

  it('takes its look from the client group, and the brand attribute overrides it', async () => {
    login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
    await waitFor(() => login!.root.querySelector('.sso-brand')?.getAttribute('data-brand') === 'exeed', 8000);
    expect(login.root.querySelector('.sso-brand__title')?.textContent).to.equal('星途 EXEED 经销商平台');
    login.remove();
    login = await mountLogin({ 'sso-domain': 'exeed.localhost', brand: 'keyaccount' });
    await groupLoaded(login);
    expect(login.root.querySelector('.sso-brand')?.getAttribute('data-brand')).to.equal('key-account');
    expect(login.root.querySelector('.sso-brand__title')?.textContent).to.equal('大客户营销平台');
  });

  it('emits sso-login-view-change (bubbling, composed) when the user switches views', async () => {
    login = await mountLogin();
    let heardOnDocument: CustomEvent | null = null;
    const listener = (event: Event) => (heardOnDocument = event as CustomEvent);
    document.addEventListener('sso-login-view-change', listener);
    byText(login.root, 'button', '手机登录').click();
    await waitFor(() => heardOnDocument);
    document.removeEventListener('sso-login-view-change', listener);
    expect(heardOnDocument!.detail).to.deep.equal({ view: 'mobile' });
    expect(heardOnDocument!.bubbles).to.equal(true);
    expect(heardOnDocument!.composed).to.equal(true);
    expect(heardOnDocument!.target).to.equal(login.element);
  });

  it('shows the copyright line, the filing-record link and the dealer help line', async () => {
    login = await mountLogin();
    const footer = login.root.querySelector('footer')!;
    expect(footer.textContent).to.contain('版权所有');
    const link = footer.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://beian.miit.gov.cn/');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    const help = footer.querySelector('.sso-footer__help')!.textContent!;
    expect(help).to.contain('每日 8:00-18:30');
    expect(help).to.contain('仅限经销商');
  });

  it('keeps the filing-record link on one line on phones (no break inside 京ICP备00000000号-1)', async () => {
    try {
      login = await mountLogin();
      const link = login.root.querySelector<HTMLAnchorElement>('footer a')!;
      expect(link.textContent).to.equal('京ICP备00000000号-1');
      expect(getComputedStyle(link).whiteSpace).to.equal('nowrap');
      for (const width of [320, 340, 360, 375, 390, 414]) {
        await setViewport({ width, height: 800 });
        expect(link.getClientRects().length, `${width} px`).to.equal(1);
        expect(link.getBoundingClientRect().right, `${width} px`).to.be.at.most(width);
      }
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });
});

describe('login parameters', () => {
  const page = 'https://sso.example.com/login?view=crm&is_signout=1&is_redirect_self=0&callBack=%2Fnext&code=c1&login_type=wecom&state=s1&clientId=app1&from=portal';

  it('reads the query parameters of the page', () => {
    expect(resolveLoginParams({}, page)).to.deep.equal({
      brand: null,
      apiBase: '/api',
      ssoDomain: 'sso.example.com',
      view: 'crm',
      isSignout: true,
      isRedirectSelf: false,
      callBack: '/next',
      code: 'c1',
      loginType: 'wecom',
      state: 's1',
      clientId: 'app1',
      from: 'portal',
    });
  });

  it('lets attributes win over the query', () => {
    const params = resolveLoginParams({ view: 'odin2', code: 'c2', loginType: 'feishu', isSignout: '0', apiBase: 'https://api.example.com/api', ssoDomain: 'x.example.com', brand: 'icar' }, page);
    expect(params).to.deep.include({ view: 'odin2', code: 'c2', loginType: 'feishu', isSignout: false, apiBase: 'https://api.example.com/api', ssoDomain: 'x.example.com', brand: 'icar' });
  });

  it('defaults: view odin, flags off', () => {
    const params = resolveLoginParams({}, 'https://sso.example.com/');
    expect(params).to.deep.include({ view: 'odin', isSignout: false, isRedirectSelf: false, callBack: null, code: null, loginType: null });
  });

  it('"set and not 0": 1 or any other value is on; 0 and empty are off', () => {
    const flag = (value: string) => resolveLoginParams({}, `https://a.example.com/?is_signout=${value}`).isSignout;
    expect([flag('1'), flag('true'), flag('0'), flag('')]).to.deep.equal([true, true, false, false]);
  });
});

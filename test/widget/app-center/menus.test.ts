// The top bar of <app-center>: client-group dropdown, user menu and exit, keyboard access.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { deepActiveElement } from '../../../widget/core/deep-focus.ts';
import { clearXsrfCookie, waitFor } from '../support/helpers.ts';
import { scriptApi, type ScriptedApi } from './scripted-api.ts';
import { mountAppCenter, signedInRoutes, waitForCards, type Mounted } from './fixtures.ts';

function menuItems(root: ShadowRoot, part: string): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`[part="${part}"] [role="menuitem"]`));
}

describe('<app-center> top bar', () => {
  let api: ScriptedApi;
  let mounted: Mounted;
  let visited: string[];
  let restoreNavigator: () => void;

  beforeEach(async () => {
    visited = [];
    restoreNavigator = setNavigator((url) => visited.push(url));
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    await waitForCards(mounted.root, 3);
  });
  afterEach(() => {
    clearXsrfCookie();
    mounted.remove();
    api.restore();
    restoreNavigator();
  });

  it('shows a small brand logo of the current group', () => {
    const logo = mounted.root.querySelector('[part="logo"] svg')!;
    expect(logo.getAttribute('aria-label')).to.be.a('string').and.not.equal('');
    expect(logo.getBoundingClientRect().height).to.equal(28);
  });

  it('group dropdown: shows the current group, lists the others, opens the chosen group\'s domainUrl', async () => {
    const button = mounted.root.querySelector<HTMLButtonElement>('[part="group-button"]')!;
    expect(button.querySelector('.menu-button-text')?.textContent).to.equal('星途 EXEED 经销商平台');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.click();
    const items = await waitFor(() => menuItems(mounted.root, 'group-menu').length === 2 && menuItems(mounted.root, 'group-menu'));
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(items.map((item) => item.textContent)).to.deep.equal(['统一登录平台', 'iCAR 经销商']);
    items[1]!.click();
    expect(visited).to.deep.equal(['https://icar.localhost:8080']);
    items.length = 0;
    await waitFor(() => menuItems(mounted.root, 'group-menu').length === 0);
  });

  it('group dropdown by keyboard: ArrowDown opens on the first item, arrows wrap, Escape closes back to the button', async () => {
    const button = mounted.root.querySelector<HTMLButtonElement>('[part="group-button"]')!;
    button.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => deepActiveElement()?.textContent === '统一登录平台');
    await sendKeys({ press: 'ArrowDown' });
    expect(deepActiveElement()?.textContent).to.equal('iCAR 经销商');
    await sendKeys({ press: 'ArrowDown' });
    expect(deepActiveElement()?.textContent).to.equal('统一登录平台');
    await sendKeys({ press: 'ArrowUp' });
    expect(deepActiveElement()?.textContent).to.equal('iCAR 经销商');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => menuItems(mounted.root, 'group-menu').length === 0);
    expect(deepActiveElement()).to.equal(button);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement()?.textContent === '统一登录平台');
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Enter' });
    expect(visited).to.deep.equal(['https://icar.localhost:8080']);
  });

  it('a click outside closes an open menu', async () => {
    mounted.root.querySelector<HTMLButtonElement>('[part="group-button"]')!.click();
    await waitFor(() => menuItems(mounted.root, 'group-menu').length === 2);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitFor(() => menuItems(mounted.root, 'group-menu').length === 0);
  });

  it('user menu shows the username; 退出登录 signs out, emits app-center-exit and goes to the site origin', async () => {
    const button = mounted.root.querySelector<HTMLButtonElement>('[part="user-button"]')!;
    expect(button.querySelector('[part="username"]')?.textContent).to.equal('zhangwei');
    document.cookie = 'XSRF-TOKEN=menus-test-token; path=/';
    const exits: Array<{ redirect: string }> = [];
    mounted.element.addEventListener('app-center-exit', (event) => exits.push(event.detail));
    button.focus();
    await sendKeys({ press: 'Enter' });
    const exit = await waitFor(() => menuItems(mounted.root, 'user-menu').find((item) => item.textContent === '退出登录'));
    expect(menuItems(mounted.root, 'user-menu').map((item) => item.textContent)).to.deep.equal(['我的账号', '退出登录']);
    expect(deepActiveElement()?.textContent).to.equal('我的账号');
    await sendKeys({ press: 'ArrowDown' });
    expect(deepActiveElement()).to.equal(exit);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => visited.length === 1);
    const signout = api.calls.filter((call) => call.path === '/centerAuth/sso/signout');
    expect(signout).to.have.length(1);
    expect(signout[0]!.headers.get('X-XSRF-TOKEN')).to.equal('menus-test-token');
    expect(exits).to.deep.equal([{ redirect: `${window.location.origin}/` }]);
    expect(visited).to.deep.equal([`${window.location.origin}/`]);
  });

  it('我的账号 is a link to the portal\'s /account page', async () => {
    mounted.root.querySelector<HTMLButtonElement>('[part="user-button"]')!.click();
    const account = await waitFor(() => mounted.root.querySelector<HTMLAnchorElement>('[part="user-menu"] [part="account"]'));
    expect(account.getAttribute('role')).to.equal('menuitem');
    expect(account.getAttribute('href')).to.equal('/account');
    // The test page stays: the click is stopped before the browser follows it.
    account.addEventListener('click', (event) => event.preventDefault());
    account.click();
    await waitFor(() => !mounted.root.querySelector('[part="user-menu"]'));
  });

  it('a host that cancels app-center-exit navigates itself: the element does not', async () => {
    const cancelled: Event[] = [];
    mounted.element.addEventListener('app-center-exit', (event) => {
      event.preventDefault();
      cancelled.push(event);
    });
    mounted.root.querySelector<HTMLButtonElement>('[part="user-button"]')!.click();
    const exit = await waitFor(() => menuItems(mounted.root, 'user-menu').find((item) => item.textContent === '退出登录'));
    exit!.click();
    // The element has signed out and asked the host (it navigates, or not, right after asking).
    await waitFor(() => cancelled.length === 1);
    expect(api.paths()).to.include('/centerAuth/sso/signout');
    expect(visited).to.deep.equal([]);
  });

  for (const [failure, answer, toast] of [
    ['a 5xx', { status: 503, body: { code: 503, msg: '服务暂不可用' } }, '服务暂不可用'],
    ['a network error', null, '网络连接失败，请检查网络后重试'],
  ] as const) {
    it(`退出登录 after ${failure} from signout still leaves for the site origin, with the error toast`, async () => {
      api.restore();
      api = scriptApi(signedInRoutes(answer ? { '/centerAuth/sso/signout': answer } : {}));
      const realFetch = window.fetch;
      if (!answer) {
        // The connection itself fails (the way fetch reports an unreachable server).
        window.fetch = (input, init) =>
          String(input instanceof Request ? input.url : input).includes('/centerAuth/sso/signout')
            ? Promise.reject(new TypeError('Failed to fetch'))
            : realFetch(input, init);
      }
      try {
        document.cookie = 'XSRF-TOKEN=menus-test-token; path=/';
        const exits: Array<{ redirect: string }> = [];
        mounted.element.addEventListener('app-center-exit', (event) => exits.push(event.detail));
        mounted.root.querySelector<HTMLButtonElement>('[part="user-button"]')!.click();
        const exit = await waitFor(() => menuItems(mounted.root, 'user-menu').find((item) => item.textContent === '退出登录'));
        exit!.click();
        await waitFor(() => visited.length === 1);
        expect(visited).to.deep.equal([`${window.location.origin}/`]);
        expect(exits).to.deep.equal([{ redirect: `${window.location.origin}/` }]);
        const shown = await waitFor(() => mounted.root.querySelector('[part="toast"][data-type="error"]'));
        expect(shown.textContent).to.contain(toast);
      } finally {
        window.fetch = realFetch;
      }
    });
  }
});

// The portal host page: which element each path shows, and how it follows the elements' events
// (sign-in to /home without a reload, exit back to the login page, foreign redirects left alone).
import { expect } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '../../../widget/index.ts';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { emit } from '../../../widget/core/events.ts';
import { PortalApp } from '../../../portal/portal-app.tsx';
import { inPagePath, routeOf } from '../../../portal/routes.ts';
import { createWidgetElement, widgetFor } from '../../../portal/widget-element.ts';
import { waitFor } from '../support/helpers.ts';

describe('portal routes', () => {
  it('/home is the application centre; /, /login and any other path the login page', () => {
    expect(routeOf('/home')).to.equal('home');
    expect(routeOf('/home/')).to.equal('home');
    for (const path of ['/', '/login', '/homework', '/a/b', '/home/x']) expect(routeOf(path), path).to.equal('login');
  });

  it('only a same-origin /home target is shown in page; anything else is left to the element', () => {
    const here = new URL('http://portal.test/login?x=1') as unknown as Location;
    expect(inPagePath('/home', here)).to.equal('/home');
    expect(inPagePath('http://portal.test/home?tab=1', here)).to.equal('/home?tab=1');
    expect(inPagePath('https://dealer.example.com/home', here)).to.equal(null);
    expect(inPagePath('//evil.example/home', here)).to.equal(null);
    expect(inPagePath('/settings', here)).to.equal(null);
  });
});

describe('portal page', () => {
  let host: HTMLElement;
  let root: Root;
  let restoreNavigator: () => void;
  const startPath = window.location.pathname + window.location.search;

  beforeEach(() => {
    restoreNavigator = setNavigator(() => undefined);
    host = document.createElement('main');
    document.body.append(host);
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    flushSync(() => root.unmount());
    host.remove();
    restoreNavigator();
    window.history.replaceState(null, '', startPath);
  });

  /**
   * A fresh page load at `path`: the portal reads the address once, when it mounts. `first` is the
   * element portal-start.tsx puts on the page before React runs.
   */
  function render(path: string, first: HTMLElement | null = null): void {
    flushSync(() => root.unmount());
    // A new page: only what portal-start.tsx put there, none of the last page's elements.
    for (const child of [...host.children]) if (child !== first) child.remove();
    root = createRoot(document.createElement('div'));
    window.history.replaceState(null, '', path);
    flushSync(() => root.render(<PortalApp view={host} first={first} />));
  }

  it('shows <sso-login> on / and on an unknown path, <app-center> on /home', async () => {
    render('/');
    await waitFor(() => host.querySelector('sso-login'));
    expect(document.title).to.equal('统一登录');
    render('/somewhere/else');
    await waitFor(() => host.querySelector('sso-login'));
    expect(host.querySelector('app-center')).to.equal(null);
    render('/home');
    await waitFor(() => host.querySelector('app-center'));
    expect(document.title).to.equal('应用中心');
  });

  it('keeps the element put on the page before React: the same node, what was typed, the focus', async () => {
    window.history.replaceState(null, '', '/?brand=exeed');
    const first = createWidgetElement(widgetFor(window.location.pathname, window.location.search));
    host.append(first);
    expect(first.getAttribute('brand')).to.equal('exeed');
    const name = await waitFor(() => first.querySelector<HTMLInputElement>('input[name="name"]'));
    name.focus();
    name.value = 'zhangwei';
    render('/?brand=exeed', first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...host.children]).to.deep.equal([first]);
    expect(first.querySelector<HTMLInputElement>('input[name="name"]')!.value).to.equal('zhangwei');
    expect(document.activeElement).to.equal(first.querySelector('input[name="name"]'));
  });

  it('the login page wears the brand the OpenID Connect provider names (a group code only)', async () => {
    render('/?callBack=%2Foidc%2Finteraction%2Fabc&brand=exeed');
    const login = await waitFor(() => host.querySelector('sso-login'));
    expect(login.getAttribute('brand')).to.equal('exeed');
    await waitFor(() => login.shadowRoot?.querySelector('[part="base"][data-brand="exeed"]'), 8000);
    expect(login.hasAttribute('sso-domain')).to.equal(false);
    for (const bad of ['', 'exeed%2Fx', '%3Cscript%3E', 'a%20b']) {
      render(`/?brand=${bad}`);
      const plain = await waitFor(() => host.querySelector('sso-login'));
      expect(plain.hasAttribute('brand'), bad).to.equal(false);
    }
    render('/home?brand=exeed');
    expect((await waitFor(() => host.querySelector('app-center'))).hasAttribute('brand')).to.equal(false);
  });

  it('switching pages swaps the elements without React complaining about a nested unmount', async () => {
    const complaints: unknown[][] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => complaints.push(args);
    try {
      render('/');
      const login = await waitFor(() => host.querySelector('sso-login'));
      emit(login, 'sso-login-success', { redirect: '/home' }, { cancelable: true });
      await waitFor(() => host.querySelector('app-center') && !host.querySelector('sso-login'));
      expect(complaints.map((args) => String(args[0]))).to.deep.equal([]);
    } finally {
      console.error = realError;
    }
  });

  it('sso-login-success to /home: cancels the element navigation and shows /home in page, replacing the login entry', async () => {
    render('/');
    const historyLength = window.history.length;
    const login = await waitFor(() => host.querySelector('sso-login'));
    const proceed = emit(login, 'sso-login-success', { redirect: '/home', username: 'zhangwei' }, { cancelable: true });
    expect(proceed).to.equal(false);
    await waitFor(() => host.querySelector('app-center'));
    expect(window.location.pathname).to.equal('/home');
    // The login entry is replaced: Back must not land a signed-in user on the login page again.
    expect(window.history.length).to.equal(historyLength);
  });

  it('sso-login-success to a registered callBack elsewhere is left to the element', async () => {
    render('/');
    const login = await waitFor(() => host.querySelector('sso-login'));
    const proceed = emit(login, 'sso-login-success', { redirect: 'https://dealer.example.com/back' }, { cancelable: true });
    expect(proceed).to.equal(true);
    expect(host.querySelector('sso-login')).to.not.equal(null);
  });

  it('app-center-exit: back to the login page at / without a reload; Back returns to /home', async () => {
    render('/home');
    const center = await waitFor(() => host.querySelector('app-center'));
    const proceed = emit(center, 'app-center-exit', { redirect: `${window.location.origin}/` }, { cancelable: true });
    expect(proceed).to.equal(false);
    await waitFor(() => host.querySelector('sso-login'));
    expect(window.location.pathname).to.equal('/');
    window.history.back();
    await waitFor(() => host.querySelector('app-center'));
  });
});

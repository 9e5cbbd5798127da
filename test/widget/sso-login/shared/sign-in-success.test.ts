// The one end of every sign-in (shared/sign-in-success.ts): the cancelable sso-login-success from
// the element, then the browser leaves for the destination unless a listener took over; a password
// or SMS answer's redirect is used only when it leads to an allowed origin, else /home.
import { expect } from '@open-wc/testing';
import { setNavigator } from '../../../../widget/core/navigate.ts';
import { createApiClient } from '../../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../../widget/core/notices.ts';
import { resolveLoginParams } from '../../../../widget/sso-login/login-context/login-params.ts';
import { createLoginContext, type LoginContext } from '../../../../widget/sso-login/login-context/login-store.ts';
import { completeSignIn, signInDestination } from '../../../../widget/sso-login/shared/sign-in-success.ts';

describe('sign-in success path', () => {
  let host: HTMLElement;
  let context: LoginContext;
  let visited: string[];
  let restoreNavigator: () => void;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    const notices = createNoticeCenter();
    const params = resolveLoginParams({ apiBase: '/api' });
    context = createLoginContext({ params, notices, client: createApiClient({ apiBase: '/api', notices }), host: () => host });
    visited = [];
    restoreNavigator = setNavigator((url) => visited.push(url));
  });

  afterEach(() => {
    restoreNavigator();
    host.remove();
  });

  it('emits sso-login-success (cancelable, bubbling, composed) with the username, then leaves', () => {
    const heard: CustomEvent[] = [];
    document.addEventListener('sso-login-success', (event) => heard.push(event), { once: true });
    completeSignIn(context, '/home', { username: 'zhangwei', redirect: 'ignored: the caller chose' });
    expect(heard.map((event) => [event.detail, event.cancelable, event.bubbles, event.composed])).to.deep.equal([
      [{ redirect: '/home', username: 'zhangwei' }, true, true, true],
    ]);
    expect(visited).to.deep.equal(['/home']);
  });

  it('leaves the navigation to a listener that calls preventDefault()', () => {
    host.addEventListener('sso-login-success', (event) => event.preventDefault(), { once: true });
    completeSignIn(context, '/home');
    expect(visited).to.deep.equal([]);
  });

  it('leaves out a username the answer does not carry as text', () => {
    const heard: CustomEvent[] = [];
    host.addEventListener('sso-login-success', (event) => heard.push(event), { once: true });
    completeSignIn(context, '/home', { username: 42 });
    expect(heard[0]!.detail).to.deep.equal({ redirect: '/home' });
  });

  it("uses the server's redirect only when its origin is allowed, else /home", () => {
    const here = `${window.location.origin}/app/start`;
    expect(signInDestination(context, { redirect: here })).to.equal(here);
    expect(signInDestination(context, { redirect: 'https://evil.example/steal' })).to.equal('/home');
    expect(signInDestination(context, { redirect: '//evil.example/steal' })).to.equal('/home');
    expect(signInDestination(context, { redirect: '' })).to.equal('/home');
    expect(signInDestination(context, null)).to.equal('/home');
    context.$group.set({ ...context.$group.get(), callbackOrigins: ['https://brand.example'] });
    expect(signInDestination(context, { redirect: 'https://brand.example/done' })).to.equal('https://brand.example/done');
  });
});

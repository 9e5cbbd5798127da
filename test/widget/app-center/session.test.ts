// <app-center> when the session is missing or gone, and when loading fails.
import { expect } from '@open-wc/testing';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { waitFor } from '../support/helpers.ts';
import { ok, refused, scriptApi, type ScriptedApi } from './scripted-api.ts';
import { APPS, cards, mountAppCenter, signedInRoutes, waitForCards, type Mounted } from './fixtures.ts';

describe('<app-center> session', () => {
  let api: ScriptedApi;
  let mounted: Mounted;
  let visited: string[];
  let restoreNavigator: () => void;

  beforeEach(() => {
    visited = [];
    restoreNavigator = setNavigator((url) => visited.push(url));
  });
  afterEach(() => {
    mounted.remove();
    api.restore();
    restoreNavigator();
  });

  it('AU00300 from curLogin/info sends the user to /login and asks nothing else', async () => {
    api = scriptApi(signedInRoutes({ '/centerAuth/user/curLogin/info': refused('AU00300', '用户未登录') }));
    mounted = mountAppCenter();
    await waitFor(() => visited.length === 1);
    expect(visited).to.deep.equal(['/login']);
    expect(api.paths().filter((path) => path !== '/centerAuth/sso/isLogin')).to.deep.equal(['/centerAuth/user/curLogin/info']);
    expect(mounted.root.querySelector('[role="alert"]')).to.equal(null);
  });

  it('AU00300 shows the sign-in invitation, not 应用加载失败, and emits a cancelable app-center-sign-in', async () => {
    api = scriptApi(signedInRoutes({ '/centerAuth/user/curLogin/info': refused('AU00300', '用户未登录') }));
    const asked: Array<{ redirect: string }> = [];
    // A page with its own sign-in (the demo) takes over: the element stays and invites.
    const takeOver = (event: CustomEvent<{ redirect: string }>) => {
      asked.push(event.detail);
      event.preventDefault();
    };
    document.addEventListener('app-center-sign-in', takeOver);
    try {
      mounted = mountAppCenter();
      const invitation = await waitFor(() => mounted.root.querySelector<HTMLElement>('[part~="signed-out"]'));
      expect(invitation.querySelector('.empty-title')?.textContent).to.equal('请先登录');
      expect(invitation.getAttribute('role')).to.equal('status');
      expect(mounted.root.querySelector('[part~="load-error"]'), 'not a failed load').to.equal(null);
      expect(asked).to.deep.equal([{ redirect: '/login' }]);
      expect(visited, 'cancelled: the element does not navigate').to.deep.equal([]);

      invitation.querySelector<HTMLButtonElement>('[part~="sign-in"]')!.click();
      expect(asked).to.deep.equal([{ redirect: '/login' }, { redirect: '/login' }]);
      expect(visited).to.deep.equal([]);
    } finally {
      document.removeEventListener('app-center-sign-in', takeOver);
    }
    // Nobody takes over: 去登录 goes to /login.
    mounted.root.querySelector<HTMLButtonElement>('[part~="sign-in"]')!.click();
    expect(visited).to.deep.equal(['/login']);
  });

  it('AU00300 from the app list (session ended between calls) also goes to /login', async () => {
    api = scriptApi(signedInRoutes({ '/centerAuth/client/getClientListBySsoDomain': refused('AU00300', '用户未登录') }));
    mounted = mountAppCenter();
    await waitFor(() => visited.length === 1);
    expect(visited).to.deep.equal(['/login']);
  });

  it('HTTP 424 follows the catalogue: 令牌状态已过期，请点击重新登录, then the site root', async () => {
    api = scriptApi(signedInRoutes({
      '/centerAuth/user/curLogin/info': { status: 424, body: { code: 424, msg: '令牌状态已过期，请点击重新登录', data: null } },
    }));
    mounted = mountAppCenter();
    const dialog = await waitFor(() => mounted.root.querySelector<HTMLDialogElement>('dialog[open]'));
    expect(dialog.textContent).to.contain('令牌状态已过期，请点击重新登录');
    expect(dialog.textContent).to.contain('系统提示');
    // Its buttons agree with its text (请点击重新登录): 取消 and 重新登录 (issue 15).
    expect(Array.from(dialog.querySelectorAll('button')).map((button) => button.textContent)).to.deep.equal(['取消', '重新登录']);
    const confirm = Array.from(dialog.querySelectorAll('button')).find((button) => button.textContent === '重新登录')!;
    confirm.click();
    await waitFor(() => visited.length === 1);
    expect(visited).to.deep.equal(['/']);
  });

  it('a server fault shows one error toast and a retry that loads again', async () => {
    const routes = signedInRoutes({
      '/centerAuth/client/getClientListBySsoDomain': { status: 500, body: { code: 500, msg: '服务暂时不可用，请稍后重试', data: null } },
      '/centerAuth/clientGroup/getClientGroupList': { status: 500, body: { code: 500, msg: '服务暂时不可用，请稍后重试', data: null } },
    });
    api = scriptApi(routes);
    mounted = mountAppCenter();
    const failed = await waitFor(() => mounted.root.querySelector('[part="load-error"]'));
    expect(failed.querySelector('.empty-title')?.textContent).to.equal('应用加载失败');
    const alerts = Array.from(mounted.root.querySelectorAll('[role="alert"]'));
    expect(alerts.map((alert) => alert.querySelector('.sso-toast__text')?.textContent)).to.deep.equal(['服务暂时不可用，请稍后重试']);

    routes['/centerAuth/client/getClientListBySsoDomain'] = ok(APPS);
    routes['/centerAuth/clientGroup/getClientGroupList'] = ok([]);
    failed.querySelector('button')!.click();
    await waitForCards(mounted.root, 3);
    expect(cards(mounted.root)).to.have.length(3);
    expect(visited).to.deep.equal([]);
  });
});

// <app-center> against the real API server (started by the test runner on a fresh database with
// the demo data, reached through /api): a demo user signs in, sees the default group's apps,
// signs out, and is then sent to /login; the dealer sees only his own group (access per group).
import { expect } from '@open-wc/testing';
import '../../../widget/app-center/define.ts';
import { createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { createPasswordEncryptor } from '../../../widget/core/sm2.ts';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { waitFor } from '../support/helpers.ts';
import { cards, recordWindowOpen, waitForCards } from './fixtures.ts';

async function signIn(name: string, password: string): Promise<void> {
  const api = createApiClient({ apiBase: '/api', notices: createNoticeCenter() });
  const encrypt = createPasswordEncryptor(api);
  await api.post('/centerAuth/sso/doLogin', { form: { name, pwd: await encrypt(password), loginType: 0 } });
}

function mountAgainstServer(ssoDomain = 'localhost'): { element: HTMLElement; root: ShadowRoot } {
  const element = document.createElement('app-center');
  element.setAttribute('sso-domain', ssoDomain);
  document.body.append(element);
  return { element, root: element.shadowRoot! };
}

describe('<app-center> with the real server', function () {
  this.timeout(30000);
  let visited: string[];
  let restoreNavigator: () => void;
  let windows: ReturnType<typeof recordWindowOpen>;

  before(async function () {
    const { available } = (await (await fetch('/__test/real-server')).json()) as { available: boolean };
    // The runner starts the server whenever test/helpers/start-server.ts exists; it always does here.
    expect(available, 'the real API server is running behind /api').to.equal(true);
  });

  beforeEach(() => {
    visited = [];
    restoreNavigator = setNavigator((url) => visited.push(url));
    windows = recordWindowOpen();
  });
  afterEach(() => {
    document.querySelectorAll('app-center').forEach((element) => element.remove());
    restoreNavigator();
    windows.restore();
  });

  it('signed in as zhangwei: the default group, its four apps, the user menu; exit signs out for real', async () => {
    await signIn('zhangwei', 'Sso@2026demo');
    const { root } = mountAgainstServer();
    const shown = await waitForCards(root, 4);
    expect(shown.map((card) => card.querySelector('.card-title')?.textContent)).to.deep.equal([
      '销售管理系统',
      '售后服务平台',
      '数据看板',
      '知识库',
    ]);
    expect(root.querySelector('[part="username"]')?.textContent).to.equal('zhangwei');
    const groupLabel = root.querySelector('[part="group-button"] .menu-button-text') ?? root.querySelector('[part="group-name"]');
    expect(groupLabel?.textContent).to.equal('企业统一登录平台');

    shown[0]!.click();
    expect(windows.opened).to.deep.equal([['https://crm.example.com/sso/login', '_blank', 'noopener']]);

    root.querySelector<HTMLButtonElement>('[part="user-button"]')!.click();
    const exit = await waitFor(() => root.querySelector<HTMLButtonElement>('[part="exit"]'));
    exit.click();
    await waitFor(() => visited.length === 1);
    expect(visited).to.deep.equal([`${window.location.origin}/`]);

    const isLogin = (await (await fetch('/api/centerAuth/sso/isLogin')).json()) as { data: unknown };
    expect(isLogin.data).to.equal(false);
  });

  it('signed in as dealer01: his group icar with its two apps, and only icar in the group menu', async () => {
    await signIn('dealer01', 'Sso@2026dealer');
    const { root } = mountAgainstServer('icar.localhost');
    const shown = await waitForCards(root, 2);
    expect(shown.map((card) => card.querySelector('.card-title')?.textContent)).to.deep.equal(['用户运营', '车辆服务']);
    // The menu lists his other groups: there are none, so the name is shown without a menu.
    expect(root.querySelector('[part="group-name"]')?.textContent).to.equal('iCAR 经销商平台');
    expect(root.querySelector('[part="group-button"]')).to.equal(null);
  });

  it("dealer01 on a staff group's host: no apps, a Chinese explanation, and a way to his own group", async () => {
    await signIn('dealer01', 'Sso@2026dealer');
    const { root } = mountAgainstServer('localhost');
    const notice = await waitFor(() => root.querySelector('[part="not-member"]'), 10000);
    expect(notice.querySelector('.empty-title')?.textContent).to.equal('您的账号不属于当前客户群');
    expect(notice.querySelector('.empty-hint')?.textContent).to.equal('请前往您所属的客户群，或联系管理员开通。');
    const goTo = Array.from(notice.querySelectorAll<HTMLButtonElement>('[part="go-to-group"]'));
    expect(goTo.map((button) => button.textContent)).to.deep.equal(['前往iCAR 经销商平台']);
    expect(cards(root)).to.have.length(0);
    expect(root.querySelector('[part="load-error"]'), 'not shown as a failed load').to.equal(null);
    root.querySelector<HTMLButtonElement>('[part="group-button"]')!.click();
    const items = await waitFor(() => {
      const found = Array.from(root.querySelectorAll('[part="group-item"]'));
      return found.length > 0 ? found : null;
    });
    expect(items.map((item) => item.textContent)).to.deep.equal(['iCAR 经销商平台']);
    goTo[0]!.click();
    expect(new URL(visited.at(-1)!).hostname, 'the notice leads to his group, as the menu does').to.equal('icar.localhost');
  });

  it('without a session the server answers AU00300 and the element goes to /login', async () => {
    await createApiClient({ apiBase: '/api', notices: createNoticeCenter() }).get('/centerAuth/sso/signout');
    const { root } = mountAgainstServer();
    await waitFor(() => visited.length === 1, 10000);
    expect(visited).to.deep.equal(['/login']);
    expect(cards(root)).to.have.length(0);
  });
});

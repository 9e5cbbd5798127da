// <app-center> in Chromium: loading, cards, opening apps, icon fallback, search, empty state.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { waitFor } from '../support/helpers.ts';
import { ok, scriptApi, type ScriptedApi } from './scripted-api.ts';
import {
  APPS,
  cards,
  deferred,
  mountAppCenter,
  recordWindowOpen,
  signedInRoutes,
  waitForCards,
  type Mounted,
} from './fixtures.ts';

describe('<app-center> application cards', () => {
  let api: ScriptedApi;
  let mounted: Mounted;
  let windows: ReturnType<typeof recordWindowOpen>;
  let visited: string[];
  let restoreNavigator: () => void;

  beforeEach(() => {
    windows = recordWindowOpen();
    visited = [];
    restoreNavigator = setNavigator((url) => visited.push(url));
  });
  afterEach(() => {
    mounted?.remove();
    api?.restore();
    windows.restore();
    restoreNavigator();
  });

  it('shows a loading skeleton until the apps arrive, then the cards in the server order', async () => {
    const gate = deferred();
    api = scriptApi(signedInRoutes({ '/centerAuth/client/getClientListBySsoDomain': { ...ok(APPS), gate: gate.promise } }));
    mounted = mountAppCenter();
    const skeleton = await waitFor(() => mounted.root.querySelector('.skeleton'));
    expect(skeleton.querySelector('[role="status"]')?.textContent).to.equal('正在加载应用…');
    expect(mounted.root.querySelector('section')?.getAttribute('aria-busy')).to.equal('true');
    expect(cards(mounted.root)).to.have.length(0);

    gate.resolve();
    const shown = await waitForCards(mounted.root, 3);
    expect(mounted.root.querySelector('.skeleton')).to.equal(null);
    expect(mounted.root.querySelector('h1')?.textContent).to.equal('应用中心');
    expect(shown.map((card) => card.querySelector('.card-title')?.textContent)).to.deep.equal(APPS.map((app) => app.name));
    expect(shown.map((card) => card.querySelector('.card-intro')?.textContent)).to.deep.equal(APPS.map((app) => app.intro));
    expect(mounted.root.querySelector('.result-count')?.textContent).to.equal('共 3 个应用');
  });

  it('asks curLogin/info first, then the groups, the apps and the group detail for its sso-domain', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    await waitForCards(mounted.root, 3);
    expect(api.paths()[0]).to.equal('/centerAuth/user/curLogin/info');
    expect([...api.paths()].slice(1).sort()).to.deep.equal([
      '/centerAuth/client/getClientListBySsoDomain',
      '/centerAuth/clientGroup/detailGetBySsoDomain',
      '/centerAuth/clientGroup/getClientGroupList',
    ]);
    const appsCall = api.calls.find((call) => call.path === '/centerAuth/client/getClientListBySsoDomain');
    const detailCall = api.calls.find((call) => call.path === '/centerAuth/clientGroup/detailGetBySsoDomain');
    expect(appsCall?.query.get('ssoDomain')).to.equal('exeed.localhost');
    expect(detailCall?.query.get('ssoDomain')).to.equal('exeed.localhost');
  });

  it('defaults sso-domain to the host name of the page', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter({}, { ssoDomain: false });
    await waitForCards(mounted.root, 3);
    const appsCalls = api.calls.filter((call) => call.path === '/centerAuth/client/getClientListBySsoDomain');
    expect(appsCalls.at(-1)?.query.get('ssoDomain')).to.equal(window.location.hostname);
  });

  it('draws every icon 40 px and replaces a broken or missing logo with the first character', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    const [good, broken, missing] = await waitForCards(mounted.root, 3);
    const goodIcon = good!.querySelector<HTMLImageElement>('img.app-icon')!;
    await waitFor(() => goodIcon.complete && goodIcon.naturalWidth > 0);
    const fallback = await waitFor(() => broken!.querySelector('.app-icon-fallback'));
    expect(broken!.querySelector('img')).to.equal(null);
    expect(fallback.textContent).to.equal('售');
    expect(missing!.querySelector('.app-icon-fallback')?.textContent).to.equal('C');
    for (const card of [good!, broken!, missing!]) {
      const box = card.querySelector('.app-icon')!.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([40, 40]);
    }
  });

  it('opens the app in a new window on click, adding https:// when the address lacks http', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    const opened: Array<{ name: string; url: string }> = [];
    mounted.element.addEventListener('app-center-open', (event) => opened.push(event.detail));
    const [dms, service, crm] = await waitForCards(mounted.root, 3);
    dms!.click();
    service!.click();
    crm!.click();
    expect(windows.opened).to.deep.equal([
      ['https://dms.example.com/sso?ticket=1', '_blank', 'noopener'],
      ['https://service.example.com/login', '_blank', 'noopener'],
      ['http://crm.example.com/auto', '_blank', 'noopener'],
    ]);
    expect(opened).to.deep.equal([
      { name: '经销商管理系统', url: 'https://dms.example.com/sso?ticket=1' },
      { name: '售后服务平台', url: 'https://service.example.com/login' },
      { name: 'CRM 客户关系', url: 'http://crm.example.com/auto' },
    ]);
    expect(visited).to.deep.equal([]);
  });

  it('opens the focused card with the Enter key', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    const [, service] = await waitForCards(mounted.root, 3);
    service!.focus();
    await sendKeys({ press: 'Enter' });
    expect(windows.opened).to.deep.equal([['https://service.example.com/login', '_blank', 'noopener']]);
  });

  it('lets the host page take over opening (app-center-open is cancelable)', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    let seen: Event | null = null;
    document.addEventListener('app-center-open', (event) => {
      seen = event;
      event.preventDefault();
    }, { once: true });
    const [dms] = await waitForCards(mounted.root, 3);
    dms!.click();
    expect(seen).to.not.equal(null);
    expect(seen!.composed && seen!.bubbles).to.equal(true);
    expect(windows.opened).to.deep.equal([]);
  });

  it('shows an empty state when the group has no apps', async () => {
    api = scriptApi(signedInRoutes({ '/centerAuth/client/getClientListBySsoDomain': ok([]) }));
    mounted = mountAppCenter();
    const empty = await waitFor(() => mounted.root.querySelector('[part="empty-state"]'));
    expect(empty.querySelector('.empty-title')?.textContent).to.equal('暂无可用的应用');
    expect(empty.querySelector('.empty-hint')?.textContent).to.equal('当前客户群还没有开通应用，请联系管理员。');
    expect(cards(mounted.root)).to.have.length(0);
  });

  it('an app without an address opens nothing and says so', async () => {
    api = scriptApi(signedInRoutes({
      '/centerAuth/client/getClientListBySsoDomain': ok([{ id: 9, name: '待上线系统', logo: '', intro: '', autoLoginUrl: ' ' }]),
    }));
    mounted = mountAppCenter();
    const [card] = await waitForCards(mounted.root, 1);
    card!.click();
    expect(windows.opened).to.deep.equal([]);
    const toast = await waitFor(() => mounted.root.querySelector('[part="toast"][data-type="warning"]'));
    expect(toast.textContent).to.contain('待上线系统 还没有配置访问地址，请联系管理员');
  });
});

// <app-center> is axe-clean in its states and works from 360 px phones to wide screens.
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { deepActiveElement } from '../../../widget/core/deep-focus.ts';
import { waitFor } from '../support/helpers.ts';
import { ok, refused, scriptApi, type ScriptedApi } from './scripted-api.ts';
import { APPS, GROUPS, deferred, mountAppCenter, signedInRoutes, waitForCards, type Mounted } from './fixtures.ts';

describe('<app-center> accessibility and layout', () => {
  let api: ScriptedApi;
  let mounted: Mounted;

  afterEach(async () => {
    mounted.remove();
    api.restore();
    await setViewport({ width: 1280, height: 800 });
  });

  it('is axe-clean with the cards shown and with a menu open', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    await waitForCards(mounted.root, 3);
    await expect(mounted.element).to.be.accessible();
    mounted.root.querySelector<HTMLButtonElement>('[part="group-button"]')!.click();
    await waitFor(() => mounted.root.querySelector('[role="menu"]'));
    await expect(mounted.element).to.be.accessible();
  });

  it('is axe-clean while loading and in the empty state', async () => {
    const gate = deferred();
    api = scriptApi(signedInRoutes({ '/centerAuth/client/getClientListBySsoDomain': { ...ok([]), gate: gate.promise } }));
    mounted = mountAppCenter();
    await waitFor(() => mounted.root.querySelector('.skeleton'));
    await expect(mounted.element).to.be.accessible();
    gate.resolve();
    await waitFor(() => mounted.root.querySelector('[part="empty-state"]'));
    await expect(mounted.element).to.be.accessible();
  });

  it('is axe-clean in the signed-out invitation', async () => {
    api = scriptApi(signedInRoutes({ '/centerAuth/user/curLogin/info': refused('AU00300', '用户未登录') }));
    // The page takes over the sign-in (as the demo does), so this page stays.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('app-center-sign-in', stay);
    try {
      mounted = mountAppCenter();
      await waitFor(() => mounted.root.querySelector('[part~="signed-out"]'));
      await expect(mounted.element).to.be.accessible();
    } finally {
      document.removeEventListener('app-center-sign-in', stay);
    }
  });

  for (const width of [320, 360, 375, 768, 1440]) {
    it(`fits ${width} px without horizontal scrolling`, async () => {
      await setViewport({ width, height: 800 });
      api = scriptApi(signedInRoutes({ '/centerAuth/client/getClientListBySsoDomain': ok([...APPS, ...APPS.map((app) => ({ ...app, id: `${app.id}b` }))]) }));
      mounted = mountAppCenter();
      const shown = await waitForCards(mounted.root, 6);
      expect(document.documentElement.scrollWidth).to.be.at.most(width);
      for (const card of shown) expect(card.getBoundingClientRect().right).to.be.at.most(width);
      const columns = new Set(shown.map((card) => Math.round(card.getBoundingClientRect().left))).size;
      if (width <= 375) expect(columns).to.equal(1);
      else expect(columns).to.be.greaterThan(1);
    });
  }

  it('at 320 px long names fit: group and user names are cut with their full text as a title, app names wrap', async () => {
    await setViewport({ width: 320, height: 800 });
    const longGroup = '星途 EXEED 经销商平台华东大区第一分区售后服务与配件管理中心';
    const longUser = 'dealer-with-a-very-long-account-name-0123456789';
    const longApp = '星途经销商系统订单交付结算与客户关系管理一体化平台ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    api = scriptApi(
      signedInRoutes({
        '/centerAuth/user/curLogin/info': ok({ username: longUser }),
        '/centerAuth/clientGroup/getClientGroupList': ok(GROUPS.map((group) => (group.code === 'exeed' ? { ...group, name: longGroup } : group))),
        '/centerAuth/clientGroup/detailGetBySsoDomain': ok({ code: 'exeed', name: longGroup, domainUrl: 'http://exeed.localhost:8080' }),
        '/centerAuth/client/getClientListBySsoDomain': ok([{ ...APPS[0]!, name: longApp }]),
      }),
    );
    mounted = mountAppCenter();
    const [card] = await waitForCards(mounted.root, 1);
    expect(document.documentElement.scrollWidth).to.be.at.most(320);
    expect(mounted.element.scrollWidth).to.be.at.most(mounted.element.clientWidth);
    expect(card!.getBoundingClientRect().right).to.be.at.most(320);
    const title = mounted.root.querySelector<HTMLElement>('[part="card-title"]')!;
    expect(title.scrollWidth).to.be.at.most(title.clientWidth);
    const group = mounted.root.querySelector<HTMLElement>('[part="group-button"] .menu-button-text, [part="group-name"]')!;
    expect(group.getAttribute('title')).to.equal(longGroup);
    expect(group.getBoundingClientRect().right).to.be.at.most(320);
    const user = mounted.root.querySelector<HTMLElement>('[part="username"]')!;
    expect(user.getAttribute('title')).to.equal(longUser);
    await expect(mounted.element).to.be.accessible();
  });

  for (const width of [360, 1280]) {
    it(`at ${width} px the open user menu shows the username as a first, non-interactive line; axe-clean, keyboard unchanged`, async () => {
      await setViewport({ width, height: 800 });
      api = scriptApi(signedInRoutes());
      mounted = mountAppCenter();
      await waitForCards(mounted.root, 3);
      const button = mounted.root.querySelector<HTMLButtonElement>('[part="user-button"]')!;
      button.focus();
      await sendKeys({ press: 'Enter' });
      const line = await waitFor(() => mounted.root.querySelector<HTMLElement>('[part="user-menu"] [part="menu-username"]'));
      expect(line.textContent).to.equal('zhangwei');
      const box = line.getBoundingClientRect();
      expect(box.width).to.be.greaterThan(20);
      expect(box.height).to.be.greaterThan(10);
      expect(box.right).to.be.at.most(width);
      expect(line.closest('[role="menu"]')).to.equal(null);
      expect(line.matches('[role], [tabindex], button, a')).to.equal(false);
      const items = Array.from(mounted.root.querySelectorAll<HTMLElement>('[part="user-menu"] [role="menuitem"]'));
      expect(items.map((item) => item.textContent)).to.deep.equal(['我的账号', '退出登录']);
      expect(deepActiveElement()).to.equal(items[0]);
      expect(line.compareDocumentPosition(items[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      await expect(mounted.element).to.be.accessible();
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !mounted.root.querySelector('[part="user-menu"]'));
      expect(deepActiveElement()).to.equal(button);
    });
  }

  it('adapts to its own width: a 360 px column on a wide page gets the phone layout', async () => {
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    mounted.element.classList.add('narrow-host');
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.narrow-host { width: 360px; }');
    document.adoptedStyleSheets = [sheet];
    try {
      const shown = await waitForCards(mounted.root, 3);
      expect(new Set(shown.map((card) => Math.round(card.getBoundingClientRect().left))).size).to.equal(1);
      const username = mounted.root.querySelector<HTMLElement>('[part="username"]')!;
      expect(username.getBoundingClientRect().width).to.be.at.most(1);
      await expect(mounted.element).to.be.accessible();
      expect(mounted.element.getBoundingClientRect().width).to.equal(360);
    } finally {
      document.adoptedStyleSheets = [];
    }
  });
});

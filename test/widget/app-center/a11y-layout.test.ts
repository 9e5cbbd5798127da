// <app-center> is axe-clean in its states and works from 360 px phones to wide screens.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../support/helpers.ts';
import { ok, scriptApi, type ScriptedApi } from './scripted-api.ts';
import { APPS, deferred, mountAppCenter, signedInRoutes, waitForCards, type Mounted } from './fixtures.ts';

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

  for (const width of [360, 768, 1440]) {
    it(`fits ${width} px without horizontal scrolling`, async () => {
      await setViewport({ width, height: 800 });
      api = scriptApi(signedInRoutes({ '/centerAuth/client/getClientListBySsoDomain': ok([...APPS, ...APPS.map((app) => ({ ...app, id: `${app.id}b` }))]) }));
      mounted = mountAppCenter();
      const shown = await waitForCards(mounted.root, 6);
      expect(document.documentElement.scrollWidth).to.be.at.most(width);
      for (const card of shown) expect(card.getBoundingClientRect().right).to.be.at.most(width);
      const columns = new Set(shown.map((card) => Math.round(card.getBoundingClientRect().left))).size;
      if (width === 360) expect(columns).to.equal(1);
      else expect(columns).to.be.greaterThan(1);
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

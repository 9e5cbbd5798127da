// The background carousel: cycleTime seconds per image (default 3), the default background when
// the list is empty or an image fails. Fake timers drive the cycle.
import { expect } from '@open-wc/testing';
import { install } from '@sinonjs/fake-timers';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../../../widget/core/deep-focus.ts';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { BackgroundCarousel } from '../../../../widget/sso-login/brand/background-carousel.tsx';
import { baseStyles } from '../../../../widget/core/base.styles.ts';
import { ssoLoginStyles } from '../../../../widget/sso-login/sso-login.styles.ts';
import { normalizeClientGroup } from '../../../../widget/sso-login/shared/client-group.ts';
import { waitFor } from '../../support/helpers.ts';

interface Mounted {
  root: ShadowRoot;
  carousel(): HTMLElement;
  activeSrc(): string | null;
  unmount(): void;
}

function mount(images: string[], cycleTime: number): Mounted {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [baseStyles, ssoLoginStyles].map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  const reactRoot: Root = createRoot(root);
  flushSync(() => reactRoot.render(createElement(BackgroundCarousel, { images, cycleTime })));
  return {
    root,
    carousel: () => root.querySelector('.sso-carousel') as HTMLElement,
    activeSrc: () => root.querySelector('.sso-carousel__image.is-active')?.getAttribute('src') ?? null,
    unmount() {
      reactRoot.unmount();
      host.remove();
    },
  };
}

describe('background carousel', () => {
  let mounted: Mounted | null = null;
  afterEach(() => {
    mounted?.unmount();
    mounted = null;
  });

  it('shows the next image every cycleTime seconds and wraps around', async () => {
    const clock = install({ toFake: ['setInterval', 'clearInterval'] });
    try {
      mounted = mount(['/__test/image/a', '/__test/image/b', '/__test/image/c'], 2);
      expect(mounted.activeSrc()).to.equal('/__test/image/a');
      await clock.tickAsync(1999);
      expect(mounted.activeSrc()).to.equal('/__test/image/a');
      await clock.tickAsync(1);
      expect(mounted.activeSrc()).to.equal('/__test/image/b');
      await clock.tickAsync(2000);
      expect(mounted.activeSrc()).to.equal('/__test/image/c');
      await clock.tickAsync(2000);
      expect(mounted.activeSrc()).to.equal('/__test/image/a');
    } finally {
      clock.uninstall();
    }
  });

  it('cycles every 3 s when the group gives no cycleTime', async () => {
    const group = normalizeClientGroup({ code: 'x', imageList: [{ fileUrl: '/__test/image/a' }, { fileUrl: '/__test/image/b' }] });
    expect(group.cycleTime).to.equal(3);
    const clock = install({ toFake: ['setInterval', 'clearInterval'] });
    try {
      mounted = mount(group.imageList.map((image) => image.fileUrl), group.cycleTime);
      await clock.tickAsync(2999);
      expect(mounted.activeSrc()).to.equal('/__test/image/a');
      await clock.tickAsync(1);
      expect(mounted.activeSrc()).to.equal('/__test/image/b');
    } finally {
      clock.uninstall();
    }
  });

  it('shows the default background (a CSS gradient, no image) when the list is empty', () => {
    mounted = mount([], 3);
    expect(mounted.root.querySelectorAll('img')).to.have.length(0);
    expect(mounted.carousel().dataset.default).to.equal('true');
    const background = getComputedStyle(mounted.root.querySelector('.sso-carousel__default')!).backgroundImage;
    expect(background).to.contain('linear-gradient');
  });

  it('shows the default background where an image fails to load', async () => {
    mounted = mount(['/__test/image/broken', '/__test/image/b'], 3);
    await waitFor(() => mounted!.carousel().dataset.default === 'true');
    expect(mounted.root.querySelector('img[src="/__test/image/broken"]')).to.equal(null);
    expect(mounted.root.querySelector('img[src="/__test/image/b"]')).to.not.equal(null);
  });

  it('has a visible pause control that stops and resumes the cycle, by keyboard too (WCAG 2.2.2)', async () => {
    const clock = install({ toFake: ['setInterval', 'clearInterval'] });
    try {
      mounted = mount(['/__test/image/a', '/__test/image/b', '/__test/image/c'], 2);
      const control = mounted.root.querySelector<HTMLButtonElement>('button.sso-carousel__control')!;
      expect(control.getAttribute('aria-label')).to.equal('暂停背景轮播');
      expect(control.getAttribute('aria-pressed')).to.equal('false');
      const box = control.getBoundingClientRect();
      expect(box.width).to.be.at.least(24);
      expect(box.height).to.be.at.least(24);
      expect(getComputedStyle(control).visibility).to.equal('visible');
      await clock.tickAsync(2000);
      expect(mounted.activeSrc()).to.equal('/__test/image/b');
      // Keyboard: Tab reaches the control, Enter pauses.
      document.body.focus();
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(control);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => control.getAttribute('aria-pressed') === 'true');
      expect(mounted.carousel().dataset.paused).to.equal('true');
      await clock.tickAsync(10_000);
      expect(mounted.activeSrc()).to.equal('/__test/image/b');
      await sendKeys({ press: 'Space' });
      await waitFor(() => control.getAttribute('aria-pressed') === 'false');
      await clock.tickAsync(2000);
      expect(mounted.activeSrc()).to.equal('/__test/image/c');
    } finally {
      clock.uninstall();
    }
  });

  it('does not move under prefers-reduced-motion (the control can still start it) and has no fade', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const clock = install({ toFake: ['setInterval', 'clearInterval'] });
    try {
      mounted = mount(['/__test/image/a', '/__test/image/b'], 2);
      const control = mounted.root.querySelector<HTMLButtonElement>('button.sso-carousel__control')!;
      expect(control.getAttribute('aria-pressed')).to.equal('true');
      await clock.tickAsync(10_000);
      expect(mounted.activeSrc()).to.equal('/__test/image/a');
      expect(getComputedStyle(mounted.root.querySelector('.sso-carousel__image')!).transitionDuration).to.equal('0s');
    } finally {
      clock.uninstall();
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('offers no pause control for a single image or none', () => {
    mounted = mount(['/__test/image/a'], 3);
    expect(mounted.root.querySelector('.sso-carousel__control')).to.equal(null);
  });

  it('images are decorative (empty alt)', () => {
    mounted = mount(['/__test/image/a'], 3);
    expect(mounted.root.querySelector('img')?.getAttribute('alt')).to.equal('');
  });
});

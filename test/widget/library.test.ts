// The built library (dist/widget, made by `npm run build:widget`, which `npm run test:widget` runs
// first): the ES module and the classic script each define both elements (the ES module's
// <app-center> from a chunk of its own, fetched when a page has one), loading them twice on
// one page is harmless, and the built elements render with adopted stylesheets only. The manifest
// is checked against the built elements by custom-elements-manifest.test.ts.
import { expect } from '@open-wc/testing';
import { loadClassicScript, waitFor } from './support/helpers.ts';

const ES_MODULE = '/dist/widget/sso-widget.js';
const CLASSIC_SCRIPT = '/dist/widget/sso-widget.iife.js';

describe('widget library build', () => {
  const errors: unknown[] = [];
  const warnings: unknown[][] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
  const realWarn = console.warn;

  before(() => {
    window.addEventListener('error', onError);
    console.warn = (...args: unknown[]) => warnings.push(args);
  });
  after(() => {
    window.removeEventListener('error', onError);
    console.warn = realWarn;
  });

  it('the ES module, imported twice, defines <sso-login> and <app-center> from their chunks, once, without error', async () => {
    // An <app-center> created before its chunk has arrived is upgraded when it does.
    const early = document.createElement('app-center');
    early.setAttribute('api-base', '/__test/reply/200/-');
    const first = (await import(/* @vite-ignore */ `${ES_MODULE}?copy=1`)) as { WIDGET_VERSION: string };
    // The entry draws the first paint and imports the React part that defines <sso-login>
    // (sso-login/first-paint.ts): defined when that chunk has arrived, as whenDefined tells a page.
    const loginClass = await customElements.whenDefined('sso-login');
    expect(loginClass, '<sso-login> defined').to.be.a('function');
    document.body.append(early);
    try {
      await waitFor(() => customElements.get('app-center'), 4000);
      await waitFor(() => early.shadowRoot?.querySelector('h1')?.textContent === '应用中心');
    } finally {
      early.remove();
    }
    const centerClass = customElements.get('app-center');
    expect(centerClass, '<app-center> defined').to.be.a('function');
    const second = (await import(/* @vite-ignore */ `${ES_MODULE}?copy=2`)) as { WIDGET_VERSION: string };
    expect(second.WIDGET_VERSION).to.equal(first.WIDGET_VERSION);
    expect(customElements.get('sso-login')).to.equal(loginClass);
    expect(customElements.get('app-center')).to.equal(centerClass);
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it('the classic script, loaded twice on the same page, keeps the first definitions and throws nothing', async () => {
    const centerClass = customElements.get('app-center');
    await loadClassicScript(`${CLASSIC_SCRIPT}?copy=1`);
    await loadClassicScript(`${CLASSIC_SCRIPT}?copy=2`);
    expect((window as unknown as { SsoWidget?: { WIDGET_VERSION?: string } }).SsoWidget?.WIDGET_VERSION).to.be.a('string');
    expect(customElements.get('app-center')).to.equal(centerClass);
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it('the built <app-center> renders into an open shadow root with adopted stylesheets, no style attributes', async () => {
    const element = document.createElement('app-center');
    element.setAttribute('api-base', '/__test/reply/200/-');
    document.body.append(element);
    try {
      const root = element.shadowRoot!;
      expect(root.adoptedStyleSheets.length).to.equal(2);
      // Rendered first (a positive signal), then the absence of inline styles means something.
      await waitFor(() => root.querySelector('h1')?.textContent === '应用中心');
      expect(root.querySelectorAll('[style]').length).to.equal(0);
      expect(root.querySelectorAll('style').length).to.equal(0);
    } finally {
      element.remove();
    }
  });
});

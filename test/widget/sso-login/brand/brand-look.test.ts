// Brands (issue 15) against the real server's demo groups: each host's colours on the primary
// button, a neutral skeleton (not the default brand) until the group config arrives, the cached
// look at once on the next visit (checked when read), redirect mode in its group's brand, and the
// embedding page's own custom properties winning over the brand's.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { brandCacheKey } from '../../../../widget/sso-login/brand/brand-look.ts';
import { groupLoaded, mountLogin, withLoginFixture, type MountedLogin } from '../login-fixture.ts';

const GROUP_PATH = '/centerAuth/clientGroup/detailGetBySsoDomain';

/** Demo themes (server/seed/demo-data.json) as the browser computes them. */
const DEFAULT_PRIMARY = 'rgb(31, 94, 255)';
const EXEED_PRIMARY = 'rgb(124, 94, 34)';
const PENDING_PRIMARY = 'rgb(75, 85, 99)';
const KEY_ACCOUNT_PRIMARY = 'rgb(122, 47, 209)';

/**
 * Holds the real server's group-config answers until release(): the request goes out and its
 * answer arrives, but the element only gets it when the test says so.
 */
function holdGroupConfig(): { release(): void; restore(): void; held(): number } {
  const original = window.fetch;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    if (String(input instanceof Request ? input.url : input).includes(GROUP_PATH)) {
      held += 1;
      await gate;
    }
    return response;
  };
  return { release: () => open(), restore: () => (window.fetch = original), held: () => held };
}

const primaryButton = (login: MountedLogin) => login.root.querySelector<HTMLButtonElement>('.sso-button--primary')!;
const primaryColour = (login: MountedLogin) => getComputedStyle(primaryButton(login)).backgroundColor;

function clearBrandCache(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith('sso-login.brand:')) localStorage.removeItem(key);
}

describe('<sso-login> brand looks', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();
  beforeEach(clearBrandCache);
  afterEach(() => {
    login = null;
    clearBrandCache();
  });

  it('each host wears its own colours: the primary button of localhost and exeed.localhost differ', async () => {
    login = await mountLogin({ 'sso-domain': 'localhost' });
    await groupLoaded(login);
    const defaultColour = primaryColour(login);
    login.remove();
    login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
    await groupLoaded(login);
    const exeedColour = primaryColour(login);
    expect(defaultColour).to.equal(DEFAULT_PRIMARY);
    expect(exeedColour).to.equal(EXEED_PRIMARY);
    // The logo is the group's, from the config.
    const logo = login.root.querySelector('.sso-brand__logo');
    expect(logo?.tagName === 'IMG' ? logo.getAttribute('src') : 'svg fallback').to.match(/\/assets\/brands\/exeed\.svg$|svg fallback/);
  });

  it('shows a neutral skeleton, not the default brand, until the config arrives; the next visit has the brand at once', async () => {
    const hold = holdGroupConfig();
    try {
      login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
      await waitFor(() => hold.held() > 0, 8000);
      const base = login.root.querySelector('.sso-login')!;
      expect(base.getAttribute('data-look')).to.equal('pending');
      expect(login.root.querySelector('.sso-brand[aria-busy="true"] .sso-skeleton')).to.not.equal(null);
      expect(login.root.querySelector('.sso-brand__title')).to.equal(null);
      expect(primaryColour(login)).to.equal(PENDING_PRIMARY);
      // The form is usable meanwhile.
      expect(primaryButton(login).disabled).to.equal(false);
      hold.release();
      await groupLoaded(login);
      expect(base.getAttribute('data-brand')).to.equal('exeed');
      expect(primaryColour(login)).to.equal(EXEED_PRIMARY);
    } finally {
      hold.restore();
    }
    login.remove();

    // Second visit: the config is held again, yet the first frame already wears the exeed look.
    const again = holdGroupConfig();
    try {
      login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
      const base = login.root.querySelector('.sso-login')!;
      expect(base.getAttribute('data-group-loaded')).to.equal('false');
      expect(base.getAttribute('data-look')).to.equal('ready');
      expect(base.getAttribute('data-brand')).to.equal('exeed');
      expect(login.root.querySelector('.sso-brand__title')?.textContent).to.equal('星途 EXEED 经销商平台');
      expect(primaryColour(login)).to.equal(EXEED_PRIMARY);
      again.release();
      await groupLoaded(login);
    } finally {
      again.restore();
    }
  });

  it('keeps one cached look per host: another host does not inherit it', async () => {
    login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
    await groupLoaded(login);
    login.remove();
    const hold = holdGroupConfig();
    try {
      login = await mountLogin({ 'sso-domain': 'yingfeng.localhost' });
      expect(login.root.querySelector('.sso-login')!.getAttribute('data-look')).to.equal('pending');
      hold.release();
      await groupLoaded(login);
    } finally {
      hold.restore();
    }
  });

  it('checks the cached look when reading it: a tampered entry is ignored', async () => {
    localStorage.setItem(
      brandCacheKey('exeed.localhost', null),
      JSON.stringify({ v: 1, code: 'exeed', name: 'x', imageList: [], cycleTime: 3, theme: { primaryColor: 'red;} :host{display:none', primaryHoverColor: '#000000', backgroundFrom: '#000000', backgroundTo: '#000000', logoUrl: 'javascript:alert(1)' } }),
    );
    const hold = holdGroupConfig();
    try {
      login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
      // The code was well-formed, the theme not: the brand without its theme, never the bad colour.
      expect(primaryColour(login)).to.not.contain('255, 0, 0');
      expect(login.root.querySelector('img.sso-brand__logo[src^="javascript"]')).to.equal(null);
      hold.release();
      await groupLoaded(login);
      expect(primaryColour(login)).to.equal(EXEED_PRIMARY);
    } finally {
      hold.restore();
    }
    localStorage.setItem(brandCacheKey('exeed.localhost', null), '{not json');
    const second = holdGroupConfig();
    try {
      login = await mountLogin({ 'sso-domain': 'exeed.localhost' });
      expect(login.root.querySelector('.sso-login')!.getAttribute('data-look')).to.equal('pending');
      second.release();
      await groupLoaded(login);
    } finally {
      second.restore();
    }
  });

  it('redirect mode loads its group: the page wears the brand even when a parameter is missing', async () => {
    login = await mountLogin({ 'is-redirect-self': '1', 'login-type': 'wecom', 'sso-domain': 'exeed.localhost' });
    await waitFor(() => login!.root.querySelector('.sso-redirect [role="alert"]'), 8000);
    await groupLoaded(login);
    expect(login.root.querySelector('.sso-login')!.getAttribute('data-brand')).to.equal('exeed');
    expect(login.root.querySelector('.sso-brand__title')?.textContent).to.equal('星途 EXEED 经销商平台');
  });

  it('a brand attribute for another brand than the group wears that brand\'s own mark and colours, not the group\'s', async () => {
    login = await mountLogin({ 'sso-domain': 'exeed.localhost', brand: 'exeed' });
    await groupLoaded(login);
    expect(primaryColour(login)).to.equal(EXEED_PRIMARY);
    login.remove();
    login = await mountLogin({ 'sso-domain': 'exeed.localhost', brand: 'keyaccount' });
    await groupLoaded(login);
    expect(login.root.querySelector('.sso-login')!.getAttribute('data-brand')).to.equal('key-account');
    expect(login.root.querySelector('svg.sso-brand__logo')).to.not.equal(null);
    expect(login.root.querySelector('img.sso-brand__logo')).to.equal(null);
    expect(primaryColour(login)).to.equal(KEY_ACCOUNT_PRIMARY);
  });

  it("the embedding page's custom property wins over the brand's", async () => {
    const style = document.createElement('style');
    style.textContent = 'sso-login.custom-look { --sso-color-primary: #006400; }';
    document.head.append(style);
    try {
      login = await mountLogin({ 'sso-domain': 'exeed.localhost', class: 'custom-look' });
      await groupLoaded(login);
      expect(primaryColour(login)).to.equal('rgb(0, 100, 0)');
    } finally {
      style.remove();
    }
  });
});

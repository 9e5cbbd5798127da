// QR login: offered only for configured messengers, the stored choice, the SDK options and URLs
// built from the group config, the Feishu tmp_code hand-over, and the fallback when an SDK cannot
// load. The SDKs are local stand-ins: the test machines have no outside network.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { OFFICIAL_SDK_URLS, feishuGoto, feishuTmpCodeTarget, qrSdkUrl, setQrSdkUrls } from '../../../../widget/sso-login/qr/qr-sdk.ts';
import { QR_CHOICE_STORAGE_KEY } from '../../../../widget/sso-login/qr/qr-store.ts';
import { byText, groupLoaded, mountLogin, signOutForReal, type MountedLogin } from '../login-fixture.ts';

declare global {
  interface Window {
    __qrSdkCalls?: Array<{ sdk: string; options: Record<string, string> }>;
  }
}

interface GroupConfig {
  weComConfig: { appid: string; agentid: string; redirect_uri: string } | null;
  feishuConfig: { client_id: string; redirect_uri: string } | null;
}

async function groupConfig(ssoDomain: string): Promise<GroupConfig> {
  const answer = await (await fetch(`/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=${ssoDomain}`)).json();
  return answer.data as GroupConfig;
}

function toggle(login: MountedLogin): HTMLButtonElement | null {
  return login.root.querySelector('.sso-box__toggle');
}

async function mountWithGroup(ssoDomain: string): Promise<MountedLogin> {
  const login = await mountLogin({ 'sso-domain': ssoDomain });
  await groupLoaded(login);
  return login;
}

describe('<sso-login> QR login', () => {
  let login: MountedLogin | null = null;
  let restoreUrls: () => void = () => {};
  before(signOutForReal);
  beforeEach(() => {
    localStorage.removeItem(QR_CHOICE_STORAGE_KEY);
    window.__qrSdkCalls = [];
    restoreUrls = setQrSdkUrls({ wecom: '/__test/sdk/wecom.js', feishu: '/__test/sdk/feishu.js' });
  });
  afterEach(() => {
    login?.remove();
    login = null;
    restoreUrls();
  });

  it('loads the SDKs from the official hosts unless told otherwise', () => {
    restoreUrls();
    expect(qrSdkUrl('wecom')).to.equal(OFFICIAL_SDK_URLS.wecom);
    expect(OFFICIAL_SDK_URLS.wecom.startsWith('https://wwcdn.weixin.qq.com/')).to.equal(true);
    expect(qrSdkUrl('feishu')).to.equal(OFFICIAL_SDK_URLS.feishu);
    expect(OFFICIAL_SDK_URLS.feishu.startsWith('https://lf-package-cn.feishucdn.com/')).to.equal(true);
  });

  it('offers no QR toggle when the group configures no messenger', async () => {
    login = await mountWithGroup('yingfeng.localhost');
    expect(login.root.querySelector('.sso-brand__title')?.textContent).to.equal('盈峰业务平台');
    expect(toggle(login)).to.equal(null);
  });

  it('offers only WeCom for a WeCom-only group, even if Feishu was chosen before', async () => {
    localStorage.setItem(QR_CHOICE_STORAGE_KEY, 'feishu');
    login = await mountWithGroup('ka.localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="wecom"]'));
    expect(login.root.querySelector('.sso-qr-tabs')).to.equal(null);
  });

  it('offers only Feishu for a Feishu-only group', async () => {
    login = await mountWithGroup('operation.localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="feishu"]'));
  });

  it('with both configured and nothing stored, opens the first configured (WeCom)', async () => {
    login = await mountWithGroup('localhost');
    expect(toggle(login)!.getAttribute('aria-label')).to.equal('切换到扫码登录');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="wecom"]'));
    expect(toggle(login)!.getAttribute('aria-label')).to.equal('切换到密码登录');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'));
  });

  it('keeps the picked QR type in localStorage and restores it next time', async () => {
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    const feishuTab = await waitFor(() => byText<HTMLButtonElement>(login!.root, '.sso-qr-tabs button', '飞书扫码登录'));
    expect(feishuTab.getAttribute('aria-pressed')).to.equal('false');
    feishuTab.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="feishu"]'));
    expect(localStorage.getItem(QR_CHOICE_STORAGE_KEY)).to.equal('feishu');
    login.remove();
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="feishu"]'));
    expect(login.events.map((e) => e.type === 'sso-login-view-change' && e.detail.view).filter(Boolean)).to.deep.equal(['feishu']);
  });

  // The panel says ready only once the SDK of the type it shows has drawn its code: a page (or a
  // test) waiting for the Feishu panel must not take the WeCom one that was ready a moment before.
  it('switching messengers: the new panel is never marked ready before its own SDK ran', async () => {
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="wecom"][data-state="ready"]'));
    const marks: string[] = [];
    const watch = new MutationObserver(() => {
      const panel = login!.root.querySelector('.sso-qr');
      marks.push(`${panel?.getAttribute('data-qr-type')}:${panel?.getAttribute('data-state')}:${window.__qrSdkCalls!.length}`);
    });
    watch.observe(login.root, { subtree: true, attributes: true, childList: true });
    const callsBefore = window.__qrSdkCalls!.length;
    byText<HTMLButtonElement>(login.root, '.sso-qr-tabs button', '飞书扫码登录')!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-qr-type="feishu"][data-state="ready"]'));
    watch.disconnect();
    const readyTooSoon = marks.filter((mark) => mark.startsWith('feishu:ready:') && Number(mark.split(':')[2]) <= callsBefore);
    expect(readyTooSoon, marks.join(' ')).to.deep.equal([]);
  });

  it('WeCom: the SDK gets appid, agentid, encoded redirect_uri of the group and a fresh random state kept for this tab, in a light-DOM container', async () => {
    const config = (await groupConfig('localhost')).weComConfig!;
    expect(config).to.not.have.property('state');
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
    const call = window.__qrSdkCalls!.find((entry) => entry.sdk === 'wecom')!;
    expect(call.options).to.deep.include({
      appid: config.appid,
      agentid: config.agentid,
      redirect_uri: encodeURIComponent(config.redirect_uri),
    });
    expect(call.options.state).to.match(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem('sso-login:oauth-state:wecom')).to.equal(call.options.state);
    expect(config.redirect_uri).to.contain('is_redirect_self=1&login_type=wecom');
    const container = document.getElementById(call.options.id!)!;
    expect(container.parentElement).to.equal(login.element);
    expect(container.assignedSlot?.name).to.equal('qr-frame');
    // The SDK's frame is untitled; the panel names it for screen readers.
    expect(container.querySelector('iframe')?.title).to.equal('企业微信扫码登录');
    // Another QR code, another state.
    login.remove();
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
    const second = window.__qrSdkCalls!.filter((entry) => entry.sdk === 'wecom').at(-1)!;
    expect(second.options.state).to.match(/^[0-9a-f]{32}$/);
    expect(second.options.state).to.not.equal(call.options.state);
  });

  it('keeps the sign-in\'s callBack for the messenger\'s return (its fixed redirect_uri cannot carry it); none clears an old one', async () => {
    login = await mountLogin({ 'sso-domain': 'localhost', 'call-back': '/oidc/interaction/uid-1' });
    await groupLoaded(login);
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
    expect(sessionStorage.getItem('sso-login:qr-return-callback:wecom')).to.equal('/oidc/interaction/uid-1');
    login.remove();
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
    expect(sessionStorage.getItem('sso-login:qr-return-callback:wecom')).to.equal(null);
  });

  it('Feishu: QRLogin gets the authorize URL as goto; tmp_code is taken only from the Feishu origin', async () => {
    const config = (await groupConfig('localhost')).feishuConfig!;
    localStorage.setItem(QR_CHOICE_STORAGE_KEY, 'feishu');
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
    const state = sessionStorage.getItem('sso-login:oauth-state:feishu')!;
    expect(state).to.match(/^[0-9a-f]{32}$/);
    const goto =
      'https://passport.feishu.cn/suite/passport/oauth/authorize?client_id=' + encodeURIComponent(config.client_id) +
      '&redirect_uri=' + encodeURIComponent(config.redirect_uri) + '&response_type=code&state=' + state;
    const call = window.__qrSdkCalls!.find((entry) => entry.sdk === 'feishu')!;
    expect(call.options.goto).to.equal(goto);
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example.com', data: { tmp_code: 'T1' } }));
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://passport.feishu.cn', data: { other: 1 } }));
    expect(login.visited).to.deep.equal([]);
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://passport.feishu.cn', data: { tmp_code: 'T1' } }));
    expect(login.visited).to.deep.equal([`${goto}&tmp_code=T1`]);
  });

  it('stops listening for tmp_code when the panel closes', async () => {
    localStorage.setItem(QR_CHOICE_STORAGE_KEY, 'feishu');
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('.sso-qr[data-state="ready"]'), 8000);
    toggle(login)!.click();
    await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'));
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://passport.feishu.cn', data: { tmp_code: 'T2' } }));
    expect(login.visited).to.deep.equal([]);
  });

  it('when the SDK cannot load: says so and offers password and mobile login', async () => {
    restoreUrls();
    restoreUrls = setQrSdkUrls({ wecom: '/__test/reply/404/-/wwLogin.js' });
    login = await mountWithGroup('localhost');
    toggle(login)!.click();
    const failed = await waitFor(() => login!.root.querySelector('.sso-qr[data-state="failed"]'), 8000);
    expect(failed.querySelector('[role="alert"]')?.textContent).to.equal('扫码组件加载失败，请使用其他方式登录');
    await expect(login.root.querySelector('.sso-box')).to.be.accessible();
    byText(failed, 'button', '手机登录').click();
    await waitFor(() => login!.root.querySelector('form[name="sso-mobile-login"]'));
  });

  it('when the SDK loads but defines nothing: the same fallback', async () => {
    restoreUrls();
    restoreUrls = setQrSdkUrls({ feishu: '/__test/sdk/nothing.js' });
    const earlierStub = window.QRLogin;
    delete window.QRLogin;
    try {
      localStorage.setItem(QR_CHOICE_STORAGE_KEY, 'feishu');
      login = await mountWithGroup('operation.localhost');
      toggle(login)!.click();
      const failed = await waitFor(() => login!.root.querySelector('.sso-qr[data-state="failed"]'), 8000);
      byText(failed, 'button', '密码登录').click();
      await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'));
    } finally {
      if (earlierStub) window.QRLogin = earlierStub;
    }
  });
});

describe('Feishu tmp_code hand-over', () => {
  const goto = feishuGoto({ client_id: 'cli_x', redirect_uri: 'https://sso.example.com/?is_redirect_self=1&login_type=feishu' }, 's1');

  it('builds the authorize URL', () => {
    expect(goto).to.equal(
      'https://passport.feishu.cn/suite/passport/oauth/authorize?client_id=cli_x&redirect_uri=https%3A%2F%2Fsso.example.com%2F%3Fis_redirect_self%3D1%26login_type%3Dfeishu&response_type=code&state=s1',
    );
  });

  it('accepts Feishu origins only and encodes the code', () => {
    const from = (origin: string, data: unknown) => new MessageEvent('message', { origin, data });
    expect(feishuTmpCodeTarget(from('https://passport.feishu.cn', { tmp_code: 'a&b' }), goto, null)).to.equal(`${goto}&tmp_code=a%26b`);
    expect(feishuTmpCodeTarget(from('https://passport.larksuite.com', { tmp_code: 'c' }), goto, null)).to.equal(`${goto}&tmp_code=c`);
    expect(feishuTmpCodeTarget(from('https://passport.feishu.cn.evil.com', { tmp_code: 'c' }), goto, null)).to.equal(null);
    expect(feishuTmpCodeTarget(from('https://passport.feishu.cn', 'tmp_code=c'), goto, null)).to.equal(null);
  });
});

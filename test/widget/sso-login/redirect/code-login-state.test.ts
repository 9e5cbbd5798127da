// External-redirect mode: the OAuth state (login CSRF defence) and the ticket of an embedded code
// login.
//  - a return URL must carry the state this tab made for its QR code; a missing or foreign one is
//    refused with a clear message and nothing is called (against the real server);
//  - embedded on a brand site the server answers a ticket: the element goes to data.redirect (the
//    redeem URL), after checking it, and sends its callBack along (scripted API: the real server
//    answers tickets only to a registered foreign origin, which this page is not).
import { expect } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { createOAuthState } from '../../../../widget/sso-login/qr/oauth-state.ts';
import { loginBinding } from '../../../../widget/core/login-binding.ts';
import { ok, SCRIPTED_BASE, scriptApi, type ScriptedApi } from '../../app-center/scripted-api.ts';
import { isLoggedIn, mountLogin, setQuery, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

const STATE_MESSAGE = '登录请求校验失败（state 不匹配），请返回登录页重新扫码登录';

let serial = 0;
async function codeFor(type: 'wecom' | 'feishu', identity: string): Promise<string> {
  serial += 1;
  const code = `state-${type}-${Date.now()}-${serial}`;
  await fetch(`/__test/messenger-code?type=${type}&code=${encodeURIComponent(code)}&identity=${encodeURIComponent(identity)}`);
  return code;
}

function alertText(login: MountedLogin): Promise<string> {
  return waitFor(() => login.root.querySelector('.sso-redirect [role="alert"]')?.textContent ?? null, 8000);
}

/** Mounts on a return URL with this query; the query stays until the outcome is known. */
async function mountOnReturnUrl(query: string, until: (login: MountedLogin) => Promise<unknown>): Promise<MountedLogin> {
  const restore = setQuery(query);
  try {
    const login = await mountLogin();
    await until(login);
    return login;
  } finally {
    restore();
  }
}

describe('<sso-login> code login: OAuth state', () => {
  withLoginFixture();

  it('the state this tab made for its QR code signs in, once', async () => {
    const code = await codeFor('wecom', 'zhangwei');
    const state = createOAuthState('wecom');
    const query = `is_redirect_self=1&login_type=wecom&code=${encodeURIComponent(code)}&state=${state}`;
    const login = await mountOnReturnUrl(query, (l) => waitFor(() => l.visited.length > 0, 8000));
    expect(login.visited).to.deep.equal(['/home']);
    expect(await isLoggedIn()).to.equal(true);
    expect(sessionStorage.getItem('sso-login:oauth-state:wecom')).to.equal(null, 'used up');
  });

  for (const [name, stateOf] of [
    ['a missing state', () => ''],
    ['a state this tab never made (an attacker-built link)', () => 'a'.repeat(32)],
    ['a state made for the other messenger', () => createOAuthState('feishu')],
  ] as const) {
    it(`refuses ${name}: clear message, no call, not signed in`, async () => {
      createOAuthState('wecom');
      const code = await codeFor('wecom', 'zhangwei');
      const state = stateOf();
      // Every request the page makes still goes out; the spy only notes the addresses.
      const realFetch = window.fetch;
      const requested: string[] = [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        requested.push(input instanceof Request ? input.url : String(input));
        return realFetch(input, init);
      };
      try {
        const query = `is_redirect_self=1&login_type=wecom&code=${encodeURIComponent(code)}${state ? `&state=${state}` : ''}`;
        const login = await mountOnReturnUrl(query, (l) => alertText(l));
        expect(await alertText(login)).to.equal(STATE_MESSAGE);
        expect(login.events.find((e) => e.type === 'sso-login-error')?.detail).to.deep.equal({ code: 'OAUTH_STATE_MISMATCH', msg: STATE_MESSAGE });
        expect(login.visited).to.deep.equal([]);
      } finally {
        window.fetch = realFetch;
      }
      expect(requested.filter((url) => url.includes('loginByCode'))).to.deep.equal([]);
      expect(await isLoggedIn()).to.equal(false);
    });
  }

  it('with no stored state at all (storage cleared, another tab): refused', async () => {
    sessionStorage.removeItem('sso-login:oauth-state:feishu');
    const code = await codeFor('feishu', 'on_demo_zhangwei');
    const login = await mountOnReturnUrl(`is_redirect_self=1&login_type=feishu&code=${encodeURIComponent(code)}&state=${'b'.repeat(32)}`, alertText);
    expect(await alertText(login)).to.equal(STATE_MESSAGE);
    expect(await isLoggedIn()).to.equal(false);
  });
});

describe('<sso-login> code login embedded on a brand site: the ticket', () => {
  let api: ScriptedApi | null = null;
  withLoginFixture();
  afterEach(() => {
    api?.restore();
    api = null;
  });

  const GROUP = { code: 'exeed', name: '星途', domainUrl: '', imageList: [], cycleTime: 3, weComConfig: null, feishuConfig: null, callbackOrigins: ['https://dealer.exeed.example.com'] };
  const page = () => window.location.origin;

  async function codeLoginWith(answer: unknown, callBack: string | null): Promise<MountedLogin> {
    api = scriptApi({
      '/centerAuth/clientGroup/detailGetBySsoDomain': ok(GROUP),
      '/centerAuth/sso/WeCom/loginByCode': ok(answer),
    });
    const state = createOAuthState('wecom');
    const restore = setQuery(`state=${state}`);
    try {
      const login = await mountLogin({
        'api-base': SCRIPTED_BASE, 'is-redirect-self': '1', 'login-type': 'wecom', code: 'wc-embedded',
        ...(callBack ? { 'call-back': callBack } : {}),
      });
      await waitFor(() => login.events.some((e) => e.type === 'sso-login-success' || e.type === 'sso-login-error'), 8000);
      return login;
    } finally {
      restore();
    }
  }

  it('goes to the redeem URL of the answer with this page\'s proof, not to its own callBack, and sends the callBack to the server', async () => {
    const redeem = `${page()}${SCRIPTED_BASE}/centerAuth/sso/ticket/redeem?ticket=T1`;
    const login = await codeLoginWith({ username: 'zhangwei', redirect: redeem, ticket: 'T1' }, 'https://dealer.exeed.example.com/orders?id=7');
    // The page's binding nonce (widget/core/login-binding.ts) goes along: the ticket is bound to it.
    const withProof = `${redeem}&proof=${loginBinding()}`;
    expect(loginBinding()).to.match(/^[A-Za-z0-9_-]{32}$/);
    expect(login.visited).to.deep.equal([withProof]);
    expect(login.events.find((e) => e.type === 'sso-login-success')?.detail).to.deep.equal({ redirect: withProof, username: 'zhangwei' });
    const call = api!.calls.find((c) => c.path === '/centerAuth/sso/WeCom/loginByCode')!;
    expect(call.query.get('callBack')).to.equal('https://dealer.exeed.example.com/orders?id=7');
    expect(call.query.get('code')).to.equal('wc-embedded');
  });

  it('without a ticket (same-origin answer) keeps going to its own target', async () => {
    const login = await codeLoginWith({ username: 'zhangwei', redirect: '/home' }, 'https://dealer.exeed.example.com/a');
    expect(login.visited).to.deep.equal(['https://dealer.exeed.example.com/a']);
  });

  it('refuses a ticket redirect to an origin it does not trust (no open redirect)', async () => {
    const login = await codeLoginWith({ username: 'zhangwei', redirect: 'https://evil.example.com/redeem?ticket=T', ticket: 'T' }, null);
    expect(login.visited).to.deep.equal([]);
    expect(login.events.find((e) => e.type === 'sso-login-error')?.detail).to.deep.equal({
      code: 'CALLBACK_NOT_ALLOWED', msg: '回调地址不在本客户组允许的范围内，已停止跳转',
    });
  });
});

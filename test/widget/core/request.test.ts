// The request client's common rules (spec section 7), checked against the /__test/echo endpoint,
// which reports the request it received and encrypts/verifies with node:crypto independently.
import { expect } from '@open-wc/testing';
import { createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { resetXsrfMemory } from '../../../widget/core/xsrf.ts';
import { ECHO_BASE, clearXsrfCookie } from '../support/helpers.ts';

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
  decrypted?: string | null;
  expectedSignature?: string;
}

function echoClient() {
  return createApiClient({ apiBase: ECHO_BASE, notices: createNoticeCenter() });
}

describe('request client: common rules', () => {
  beforeEach(() => {
    clearXsrfCookie();
    resetXsrfMemory();
  });
  afterEach(() => clearXsrfCookie());

  it('prefixes the API base and repeats array parameters', async () => {
    const echo = await echoClient().request<Echo>('GET', '/centerAuth/sso/isLogin', { params: { id: [1, 2], name: 'a b', skip: undefined } });
    expect(echo.method).to.equal('GET');
    expect(echo.path).to.equal('/centerAuth/sso/isLogin');
    expect(echo.query).to.equal('id=1&id=2&name=a+b');
  });

  it('sends the browser time zone on every request', async () => {
    const client = echoClient();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const get = await client.request<Echo>('GET', '/centerAuth/sso/isLogin');
    const post = await client.request<Echo>('POST', '/centerAuth/sso/doLogin', { form: { name: 'x' } });
    expect(get.headers['time-zone']).to.equal(zone);
    expect(post.headers['time-zone']).to.equal(zone);
  });

  it('sends form-urlencoded and JSON bodies', async () => {
    const client = echoClient();
    const form = await client.request<Echo>('POST', '/centerAuth/sso/doLogin', { form: { name: '张伟', pwd: '04ab', loginType: 0 } });
    expect(form.headers['content-type']).to.contain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(form.body).get('name')).to.equal('张伟');
    expect(new URLSearchParams(form.body).get('loginType')).to.equal('0');
    const json = await client.request<Echo>('POST', '/admin/register/user', { json: { username: 'li' } });
    expect(json.headers['content-type']).to.contain('application/json');
    expect(JSON.parse(json.body)).to.deep.equal({ username: 'li' });
  });

  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN', async () => {
    document.cookie = 'XSRF-TOKEN=cookie-token-1; path=/';
    const echo = await echoClient().request<Echo>('POST', '/centerAuth/user/changePassword', { json: {} });
    expect(echo.headers['x-xsrf-token']).to.equal('cookie-token-1');
  });

  it('without a token, first asks isLogin and then sends the token it got back', async () => {
    const echo = await echoClient().request<Echo>('POST', '/centerAuth/sso/doLogin', { form: { name: 'x' } });
    expect(echo.headers['x-xsrf-token']).to.equal('echo-xsrf-token');
  });

  it('sends the token on state-changing GETs such as sign-out', async () => {
    document.cookie = 'XSRF-TOKEN=cookie-token-2; path=/';
    const echo = await echoClient().request<Echo>('GET', '/centerAuth/sso/signout', { params: { from: 'portal' } });
    expect(echo.headers['x-xsrf-token']).to.equal('cookie-token-2');
  });

  it('Enc-Flag: encrypts the body (AES-128-CFB, IV = key) and decrypts the encrypted answer', async () => {
    const plain = { userName: 'zhangwei', note: '中文' };
    const echo = await echoClient().request<Echo>('POST', '/centerAuth/user/changePassword', { json: plain, encrypt: true });
    // The answer came back as { encryption } made by node:crypto; the client decrypted it into data.
    expect(echo.headers['enc-flag']).to.equal('true');
    const sent = JSON.parse(echo.body) as Record<string, unknown>;
    expect(Object.keys(sent)).to.deep.equal(['encryption']);
    expect(sent.encryption).to.not.contain('zhangwei');
    expect(echo.decrypted).to.equal(JSON.stringify(plain));
  });

  it('adds signature, nonce, timestamp and url for /tenant/list, and only there', async () => {
    const client = echoClient();
    const before = Date.now();
    const signed = await client.request<Echo>('GET', '/tenant/list');
    expect(signed.headers.url).to.equal('/tenant/list');
    expect(signed.headers.nonce).to.match(/^[0-9a-f]{32}$/);
    expect(Number(signed.headers.timestamp)).to.be.within(before, Date.now());
    expect(signed.headers.signature).to.equal(signed.expectedSignature);
    const plain = await client.request<Echo>('GET', '/centerAuth/sso/isLogin');
    expect(plain.headers.signature).to.equal(undefined);
    expect(plain.headers.nonce).to.equal(undefined);
  });
});

// Which QR messengers the login box offers: only configured ones, and on a brand site (API on
// another origin) only those whose redirect_uri returns to that site, where the OAuth state of the
// QR code was stored. Otherwise the user would scan, come back to the SSO portal and be refused.
import { expect } from '@open-wc/testing';
import { availableQrTypes } from '../../../../widget/sso-login/qr/qr-store.ts';

const wecom = (redirect: string) => ({ appid: 'ww1', agentid: '1000002', redirect_uri: redirect });
const feishu = (redirect: string) => ({ client_id: 'cli_1', redirect_uri: redirect });

describe('QR messengers offered', () => {
  it('offers every configured messenger when the page is the SSO origin (portal)', () => {
    const group = {
      weComConfig: wecom('http://ka.localhost:8080/?is_redirect_self=1&login_type=wecom'),
      feishuConfig: feishu('http://ka.localhost:8080/?is_redirect_self=1&login_type=feishu'),
    };
    expect(availableQrTypes(group, '/api', 'http://ka.localhost:8080/')).to.deep.equal(['wecom', 'feishu']);
    expect(availableQrTypes({ weComConfig: null, feishuConfig: null }, '/api', 'http://localhost:8080/')).to.deep.equal([]);
  });

  it('offers nothing on a brand site when the messengers return to the SSO portal', () => {
    const group = {
      weComConfig: wecom('https://sso.example.com/?is_redirect_self=1&login_type=wecom'),
      feishuConfig: feishu('https://sso.example.com/?is_redirect_self=1&login_type=feishu'),
    };
    expect(availableQrTypes(group, 'https://sso.example.com/api', 'https://dealer.example.com/login')).to.deep.equal([]);
  });

  it('offers, on a brand site, exactly the messengers that return to that site', () => {
    const group = {
      weComConfig: wecom('https://dealer.example.com/login?is_redirect_self=1&login_type=wecom'),
      feishuConfig: feishu('https://sso.example.com/?is_redirect_self=1&login_type=feishu'),
    };
    expect(availableQrTypes(group, 'https://sso.example.com/api', 'https://dealer.example.com/login')).to.deep.equal(['wecom']);
  });
});

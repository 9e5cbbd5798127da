// The request client sends the XSRF header on every POST and on exactly the GET calls the contract
// marks as changing state (contract/endpoints/request-rules.ts), path parameters filled in.
import { expect } from '@open-wc/testing';
import { needsXsrf } from '../../../widget/core/xsrf.ts';
import { XSRF_GET_PATHS } from '../../../contract/endpoints/request-rules.ts';

describe('needsXsrf', () => {
  it('a GET the contract marks needs the header, with its path parameters filled in', () => {
    for (const path of XSRF_GET_PATHS) {
      expect(needsXsrf('GET', path.replace(/:[^/]+/g, '13800000001')), path).to.equal(true);
    }
  });

  it('other GETs do not; every POST does', () => {
    for (const path of ['/centerAuth/sso/isLogin', '/centerAuth/clientGroup/detailGetBySsoDomain', '/admin/user/details', '/centerAuth/sso/getPublicKey']) {
      expect(needsXsrf('GET', path), path).to.equal(false);
    }
    expect(needsXsrf('POST', '/centerAuth/sso/doLogin')).to.equal(true);
  });
});

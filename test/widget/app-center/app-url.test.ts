// Addresses <app-center> opens: https:// is added when the address lacks http, and the result is
// always an http(s) address (a stored javascript: value can never run in the portal window).
import { expect } from '@open-wc/testing';
import { withHttpScheme } from '../../../widget/app-center/app-url.ts';
import { filterApps } from '../../../widget/app-center/stores/app-filter.ts';
import { APPS } from './fixtures.ts';

describe('app addresses', () => {
  it('keeps http:// and https:// addresses (any case), trimmed', () => {
    expect(withHttpScheme('http://bi.example.com/')).to.equal('http://bi.example.com/');
    expect(withHttpScheme('  https://service.example.com/sso ')).to.equal('https://service.example.com/sso');
    expect(withHttpScheme('HTTPS://A.example.com')).to.equal('HTTPS://A.example.com');
  });

  it('adds https:// to a bare host or a protocol-relative address', () => {
    expect(withHttpScheme('crm.example.com/sso/login')).to.equal('https://crm.example.com/sso/login');
    expect(withHttpScheme('//docs.example.com')).to.equal('https://docs.example.com');
  });

  it('never yields a script or data address', () => {
    for (const hostile of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>']) {
      // https://javascript:alert(1) is at worst an unreachable https address, never a script.
      expect(withHttpScheme(hostile).startsWith('https://'), hostile).to.equal(true);
    }
  });
});

describe('app search', () => {
  it('every word must appear in the name or the description', () => {
    expect(filterApps(APPS, '售后 工单').map((app) => app.name)).to.deep.equal(['售后服务平台']);
    expect(filterApps(APPS, '售后 库存')).to.deep.equal([]);
  });

  it('an empty or blank query keeps every app in order', () => {
    expect(filterApps(APPS, '   ').map((app) => app.id)).to.deep.equal([1, 2, 3]);
  });
});

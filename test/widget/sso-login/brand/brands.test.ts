// The six brand variants: copy and original artwork; ka and keyaccount are one variant.
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { getBrand } from '../../../../widget/brands/index.ts';
import { BrandPanel } from '../../../../widget/sso-login/brand/brand-panel.tsx';

describe('brands', () => {
  it('maps the codes to the six variants; unknown codes get the default', () => {
    const codes = ['default', 'ka', 'keyaccount', 'operation', 'yingfeng', 'icar', 'exeed', 'EXEED', 'nope', undefined];
    expect(codes.map((code) => getBrand(code).code)).to.deep.equal([
      'default', 'key-account', 'key-account', 'operation', 'yingfeng', 'icar', 'exeed', 'exeed', 'default', 'default',
    ]);
  });

  it('gives each variant its own title, subtitle, two slogans and an SVG logo without style attributes', () => {
    const variants = ['default', 'ka', 'operation', 'yingfeng', 'icar', 'exeed'].map((code) => getBrand(code));
    expect(new Set(variants.map((brand) => brand.title)).size).to.equal(6);
    expect(new Set(variants.map((brand) => brand.Logo)).size).to.equal(6);
    for (const brand of variants) {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      flushSync(() => root.render(createElement(BrandPanel, { brand })));
      expect(host.querySelector('h1')?.textContent).to.equal(brand.title);
      expect(host.querySelector('.sso-brand__subtitle')?.textContent).to.equal(brand.subtitle);
      expect(Array.from(host.querySelectorAll('li')).map((li) => li.textContent)).to.deep.equal(brand.slogans);
      const svg = host.querySelector('svg')!;
      expect(svg.getAttribute('role')).to.equal('img');
      expect(svg.getAttribute('aria-label')).to.be.a('string').and.not.equal('');
      expect(host.querySelectorAll('[style]')).to.have.length(0);
      expect(svg.querySelectorAll('image, use')).to.have.length(0);
      root.unmount();
      host.remove();
    }
  });
});

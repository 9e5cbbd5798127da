// Each brand group answers its own look with its config (issue 15): colours the widget puts into
// its stylesheet and a logo it shows, both in forms that cannot break out of CSS or src; the import
// file refuses anything else.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { readImportFile } from '../../../server/seed/import.ts';
import { THEME_COLOR_PATTERN, THEME_LOGO_PATTERN } from '../../../contract/rules/theme.ts';

const BRAND_HOSTS = ['localhost', 'ka.localhost', 'operation.localhost', 'yingfeng.localhost', 'icar.localhost', 'exeed.localhost'];

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

for (const backend of testBackends()) {
  describe(`group themes (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    const theme = async (host: string) =>
      (await t.client().get(`/api/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=${host}`)).body.data.theme;

    it('each of the six brand groups has its own colours and logo, readable with white text', async () => {
      const themes = await Promise.all(BRAND_HOSTS.map(theme));
      assert.equal(new Set(themes.map((th) => th.primaryColor)).size, 6);
      assert.equal(new Set(themes.map((th) => th.logoUrl)).size, 6);
      for (const [i, th] of themes.entries()) {
        assert.deepEqual(Object.keys(th).sort(), ['backgroundFrom', 'backgroundTo', 'logoUrl', 'primaryColor', 'primaryHoverColor']);
        for (const key of ['primaryColor', 'primaryHoverColor', 'backgroundFrom', 'backgroundTo']) {
          assert.match(th[key], THEME_COLOR_PATTERN, `${BRAND_HOSTS[i]} ${key}`);
        }
        assert.match(th.logoUrl, /^\/assets\/brands\/[a-z]+\.svg$/);
        // Button text is white on the primary colour and the primary colour is link text on white.
        assert.ok(contrastWithWhite(th.primaryColor) >= 4.5, `${BRAND_HOSTS[i]} primary contrast`);
        assert.ok(contrastWithWhite(th.primaryHoverColor) >= 4.5, `${BRAND_HOSTS[i]} hover contrast`);
      }
    });

    it('the alias host answers the same look as its group', async () => {
      assert.deepEqual(await theme('keyaccount.localhost'), await theme('ka.localhost'));
    });
  });
}

describe('import file themes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-theme-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const good = { primaryColor: '#123456', primaryHoverColor: '#0a1b2c', backgroundFrom: '#000000', backgroundTo: '#ffffff', logoUrl: '/assets/brands/x.svg' };
  const importWith = (theme: unknown) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ groups: [{ code: 'x', name: 'X', domains: ['x.localhost'], theme }] }));
    return () => readImportFile(file);
  };

  it('accepts a full theme, no theme, and a theme without a logo', () => {
    assert.doesNotThrow(importWith(good));
    assert.doesNotThrow(importWith(undefined));
    assert.doesNotThrow(importWith(null));
    assert.doesNotThrow(importWith({ ...good, logoUrl: null }));
    assert.doesNotThrow(importWith({ ...good, logoUrl: 'https://cdn.example.com/logo.svg' }));
  });

  it('refuses colours that are not #rrggbb (they would go into a stylesheet)', () => {
    for (const bad of ['red', '#12345', '#1234567', '#123456;} :host{x:y', 'var(--x)', 12]) {
      assert.throws(importWith({ ...good, primaryColor: bad }), /theme\.primaryColor must be a colour #rrggbb/, String(bad));
    }
    const { backgroundTo: _missing, ...partial } = good;
    assert.throws(importWith(partial), /theme\.backgroundTo/);
  });

  it('refuses logos that are not a path on the site or an https URL', () => {
    for (const bad of ['javascript:alert(1)', 'http://plain.example.com/l.svg', '//evil.example.com/l.svg', '/a b.svg', '/x")', 'data:image/svg+xml,<svg>']) {
      assert.throws(importWith({ ...good, logoUrl: bad }), /theme\.logoUrl/, bad);
      assert.doesNotMatch(bad, THEME_LOGO_PATTERN);
    }
  });
});

// Every seeded client group is named exactly like the title of the brand its code selects on the
// login page (one spelling, 盈峰, everywhere): the group menu and the login box agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { brandCodeOf, getBrand } from '../../../widget/brands/index.ts';

const seed = JSON.parse(readFileSync(new URL('../../../server/seed/demo-data.json', import.meta.url), 'utf8')) as {
  groups: Array<{ code: string; name: string; theme: { primaryColor: string; primaryHoverColor: string; backgroundFrom: string; backgroundTo: string } }>;
};

describe('seed group names and brand titles', () => {
  it('seeds the six groups, one per brand', () => {
    assert.equal(seed.groups.length, 6);
    assert.equal(new Set(seed.groups.map((g) => brandCodeOf(g.code))).size, 6);
  });

  for (const group of seed.groups) {
    it(`group ${group.code}: name equals the brand title`, () => {
      assert.equal(group.name, getBrand(group.code).title);
    });
  }

  for (const group of seed.groups) {
    it(`group ${group.code}: its theme's colours are the brand's own (worn when the brand attribute names it elsewhere)`, () => {
      const { primaryColor, primaryHoverColor, backgroundFrom, backgroundTo } = group.theme;
      assert.deepEqual({ primaryColor, primaryHoverColor, backgroundFrom, backgroundTo, logoUrl: null }, getBrand(group.code).theme);
    });
  }

  it('spells 盈峰 one way', () => {
    assert.doesNotMatch(readFileSync(new URL('../../../server/seed/demo-data.json', import.meta.url), 'utf8'), /赢丰/);
    assert.match(getBrand('yingfeng').title, /^盈峰/);
  });
});

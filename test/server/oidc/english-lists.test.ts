// The English list format oidc-provider's modules see while they load (server/oidc/english-lists.ts):
// the same text as Intl.ListFormat('en') for the two patterns it asks for, the real one back
// afterwards, and a refusal for anything else rather than a wrong text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EnglishListFormat, withEnglishLists } from '../../../server/oidc/english-lists.ts';

const LISTS = [[], ['a'], ['token'], ['a', 'b'], ['client_secret_basic', 'client_secret_post'], ['a', 'b', 'c'], ['S256', 'plain', 'x', 'y', 'z']];

test('the same text as Intl.ListFormat en for conjunction and disjunction lists', () => {
  for (const type of ['conjunction', 'disjunction'] as const) {
    const real = new Intl.ListFormat('en', { type });
    const plain = new EnglishListFormat('en', { type });
    for (const list of LISTS) assert.equal(plain.format(list), real.format(list), `${type} ${JSON.stringify(list)}`);
    assert.equal(plain.format(new Set(['a', 'b', 'c'])), real.format(['a', 'b', 'c']), 'any iterable');
  }
  assert.throws(() => new EnglishListFormat('zh', { type: 'conjunction' }), RangeError);
  assert.throws(() => new EnglishListFormat('en', { type: 'unit' }), RangeError);
});

test('stands in only while the modules load, also when loading fails', async () => {
  const real = Intl.ListFormat;
  const seen = await withEnglishLists(async () => new Intl.ListFormat('en', { type: 'disjunction' }));
  assert.ok(seen instanceof EnglishListFormat);
  assert.equal(Intl.ListFormat, real);
  await assert.rejects(withEnglishLists(async () => { throw new Error('load failed'); }), /load failed/);
  assert.equal(Intl.ListFormat, real);
});

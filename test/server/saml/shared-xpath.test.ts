// samlify, xml-crypto and @authenio/xml-encryption ask for xpath 0.0.34, 0.0.33 and 0.0.32, each
// pinned (0.0.x), so npm used to place three copies and loading samlify evaluated all three.
// package.json's overrides give all three 0.0.34 (the one samlify asks for): one copy on disk, one
// module in the process (docs/performance.md, "Issue 33: memory").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { loadSamlify } from '../../../server/saml/saml-idp.ts';

test('loading samlify evaluates xpath once, for samlify and both XML libraries', async () => {
  await loadSamlify();
  const require = createRequire(import.meta.url);
  const copies = Object.keys(require.cache).filter((file) => /[\\/]node_modules[\\/]xpath[\\/]xpath\.js$/.test(file));
  assert.equal(copies.length, 1, copies.join('\n'));
  const fromSamlify = createRequire(require.resolve('samlify'));
  assert.equal(copies[0], fromSamlify.resolve('xpath'), 'samlify\'s copy');
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(copies[0]!), 'package.json'), 'utf8')) as { version: string };
  assert.equal(version, '0.0.34');
  for (const library of ['xml-crypto', '@authenio/xml-encryption']) {
    assert.equal(createRequire(fromSamlify.resolve(library)).resolve('xpath'), copies[0], library);
  }
});

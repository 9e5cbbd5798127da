// samlify, xml-crypto and xml-encryption each have their own copy of @xmldom/xmldom 0.8 on disk;
// loading samlify evaluates one of them, shared by all three (server/saml/shared-xmldom.ts), when
// they are the same version, as they are in this install.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { loadSamlify } from '../../../server/saml/saml-idp.ts';

test('loading samlify evaluates @xmldom/xmldom 0.8 once, for samlify and both XML libraries', async () => {
  await loadSamlify();
  const require = createRequire(import.meta.url);
  const copies = Object.keys(require.cache).filter((file) => /@xmldom[\\/]xmldom[\\/]lib[\\/]index\.js$/.test(file));
  assert.equal(copies.length, 1, copies.join('\n'));
  const fromSamlify = createRequire(require.resolve('samlify'));
  assert.equal(copies[0], fromSamlify.resolve('@xmldom/xmldom'), 'samlify\'s own copy');
  // Both libraries signing and encrypting with it hold that module.
  for (const library of ['xml-crypto', '@authenio/xml-encryption']) {
    const dom = createRequire(fromSamlify.resolve(library))('@xmldom/xmldom') as object;
    assert.equal(dom, require.cache[copies[0]!]!.exports, library);
  }
});

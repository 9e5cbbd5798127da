// Secrets sealed at rest (server/crypto/secret-box.ts): what is sealed opens with the same key,
// never with another, and a changed byte is refused rather than opened into something else.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { SecretBox } from '../../../server/crypto/secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(crypto.randomBytes(32));

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    assert.notEqual(a, b);
    assert.ok(!a.includes('JBSWY3DPEHPK3PXP'));
    assert.equal(box.open(a), 'JBSWY3DPEHPK3PXP');
    assert.equal(box.open(b), 'JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, a changed byte and a text that was never sealed', () => {
    const sealed = box.seal('secret');
    assert.throws(() => new SecretBox(crypto.randomBytes(32)).open(sealed));
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    assert.throws(() => box.open(`v1.${raw.toString('base64url')}`));
    assert.throws(() => box.open('JBSWY3DPEHPK3PXP'));
    assert.throws(() => new SecretBox(Buffer.alloc(16)), /32-byte/);
  });
});

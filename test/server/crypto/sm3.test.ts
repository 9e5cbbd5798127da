import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import smCrypto from 'sm-crypto';
import { Sm3, sm3 } from '../../../server/crypto/sm3.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

test('SM3 gives the GB/T 32905 example digests ("abc" and "abcd" x 16)', () => {
  assert.equal(hex(sm3(utf8('abc'))), '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  assert.equal(
    hex(sm3(utf8('abcd'.repeat(16)))),
    'debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732',
  );
});

test('SM3 of the empty input is the known digest', () => {
  assert.equal(hex(sm3(new Uint8Array(0))), '1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b');
});

test('SM3 agrees with sm-crypto on UTF-8 texts of every length around the block boundaries', () => {
  const alphabet = 'aZ9 密码登录é'; // sm-crypto's sm3 handles 1- to 3-byte UTF-8 only
  for (let length = 0; length <= 130; length++) {
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[(i * 7 + length) % alphabet.length];
    assert.equal(hex(sm3(utf8(text))), smCrypto.sm3(text), `length ${length}`);
  }
});

test('incremental updates give the same digest as one update, whatever the split', () => {
  const data = new Uint8Array(randomBytes(200));
  const whole = hex(sm3(data));
  for (const split of [0, 1, 55, 56, 63, 64, 65, 128, 199, 200]) {
    const parts = new Sm3().update(data.subarray(0, split)).update(data.subarray(split)).digest();
    assert.equal(hex(parts), whole, `split at ${split}`);
  }
  assert.equal(hex(sm3(data.subarray(0, 70), data.subarray(70))), whole);
});

test('a hasher refuses to be used after its digest was taken', () => {
  const hasher = new Sm3().update(utf8('abc'));
  hasher.digest();
  assert.throws(() => hasher.update(utf8('x')), /already taken/);
  assert.throws(() => hasher.digest(), /already taken/);
});

import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { test } from 'node:test';
import smCrypto from 'sm-crypto';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { generateSm2KeyPair, sm2Decrypt, sm2DecryptDetailed, sm2Kdf } from '../../../server/crypto/sm2.ts';
import { Sm2Point, bigintToBytes32 } from '../../../server/crypto/sm2-curve.ts';
import {
  defaultSharedPointEngineName,
  nativeSm2Available,
  nativeSharedPoint,
  nobleSharedPoint,
  type SharedPointEngine,
} from '../../../server/crypto/sm2-shared-point.ts';
import { scalarWithC1StartingWith04, sm2EncryptBytesWithScalar, sm2EncryptWithScalar } from './sm2-test-encrypt.ts';

// Both engines must behave identically; the native one exists only where OpenSSL has SM2.
const engines: Array<[string, SharedPointEngine]> = [
  ['noble', nobleSharedPoint],
  ...(nativeSm2Available ? [['native', nativeSharedPoint] as [string, SharedPointEngine]] : []),
];

/**
 * sm-crypto's ciphertext of `text`. GB/T 32918.4 (A5) asks the encryptor to pick a new k when the
 * key stream t is all zero, and the decryptor to refuse such a ciphertext (B4, and so do we);
 * sm-crypto never checks, so for a one-byte message 1 of its ciphertexts in 256 is one the
 * standard refuses (a random failure of this file once). Those are encrypted again here; the
 * refusal itself has its own test below. So is a C1 starting with the byte 04 (see inside).
 */
function encrypt(text: string, publicKey: string, privateKey?: string): string {
  for (;;) {
    const cipher = sm2Password(text, publicKey);
    // A C1 that itself starts with the byte 04 (1 in 256) cannot show "missing prefix" by cutting
    // the prefix off: what is left starts with 04 again. That case has its own test below.
    if (cipher.startsWith('0404')) continue;
    if (!privateKey || sm2DecryptDetailed(cipher, privateKey, nobleSharedPoint).ok || !keyStreamIsZero(cipher, privateKey)) return cipher;
  }
}

/** Whether the key stream of this ciphertext is all zero (d·C1 by noble directly, then the KDF). */
function keyStreamIsZero(cipher: string, privateKey: string): boolean {
  const body = Buffer.from(cipher.slice(2), 'hex');
  const c1 = Sm2Point.fromHex('04' + body.subarray(0, 64).toString('hex'));
  const shared = c1.multiply(BigInt('0x' + privateKey)).toAffine();
  return sm2Kdf(bigintToBytes32(shared.x), bigintToBytes32(shared.y), body.length - 96).every((byte) => byte === 0);
}

function randomText(): string {
  const pools = ['abcXYZ0123!@#', '密码登录测试中文口令', '🙂🔐', ' \t"\'\\<>&'];
  const length = [1, 2, 7, 31, 32, 33, 64, 100, 300][randomInt(9)]!;
  let text = '';
  for (let i = 0; i < length; i++) {
    const pool = pools[randomInt(pools.length)]!;
    text += [...pool][randomInt([...pool].length)];
  }
  return text;
}

test('the default engine is native exactly when OpenSSL offers a working SM2 curve', () => {
  assert.equal(defaultSharedPointEngineName, nativeSm2Available ? 'native' : 'noble');
});

test('ciphertexts from sm-crypto with its own random keys decrypt; without the "04" prefix they are refused as such', () => {
  for (let round = 0; round < 12; round++) {
    const keys = smCrypto.sm2.generateKeyPairHex();
    const text = round === 0 ? '你好，世界 Passw0rd!' : round === 1 ? 'x' : randomText();
    const cipher = encrypt(text, keys.publicKey, keys.privateKey);
    for (const [name, engine] of engines) {
      assert.equal(sm2Decrypt(cipher, keys.privateKey, engine), text, `${name}, with 04`);
      assert.deepEqual(sm2DecryptDetailed(cipher.slice(2), keys.privateKey, engine), { ok: false, failure: 'missing-prefix' }, `${name}, without 04`);
    }
    assert.equal(sm2Decrypt(cipher, keys.privateKey), text, 'default engine');
  }
});

test('a ciphertext whose key stream is all zero is refused, as GB/T 32918.4 B4 says (sm-crypto sends one in 256 for a one-byte message)', () => {
  const keys = generateSm2KeyPair();
  // The first k whose key stream for one byte is zero: about 256 tries.
  let k = 1000n;
  while (sm2Kdf(...sharedFor(keys.publicKey, k), 1)[0] !== 0) k += 1n;
  const cipher = '04' + sm2EncryptWithScalar('x', keys.publicKey, k);
  for (const [name, engine] of engines) {
    assert.deepEqual(sm2DecryptDetailed(cipher, keys.privateKey, engine), { ok: false, failure: 'undecryptable' }, name);
  }
  // The same message under the next k decrypts.
  assert.equal(sm2Decrypt('04' + sm2EncryptWithScalar('x', keys.publicKey, k + 1n), keys.privateKey), 'x');
});

function sharedFor(publicKey: string, k: bigint): [Uint8Array, Uint8Array] {
  const shared = Sm2Point.fromHex(publicKey).multiply(k).toAffine();
  return [bigintToBytes32(shared.x), bigintToBytes32(shared.y)];
}

test('a long message spanning many KDF blocks decrypts', () => {
  const keys = smCrypto.sm2.generateKeyPairHex();
  const text = '长密码'.repeat(400) + 'end';
  const cipher = encrypt(text, keys.publicKey);
  for (const [name, engine] of engines) assert.equal(sm2Decrypt(cipher, keys.privateKey, engine), text, name);
});

test('our key pairs are well-formed and work with sm-crypto both ways', () => {
  for (let round = 0; round < 6; round++) {
    const keys = generateSm2KeyPair();
    assert.match(keys.publicKey, /^04[0-9a-f]{128}$/);
    assert.match(keys.privateKey, /^[0-9a-f]{64}$/);
    const text = randomText();
    const cipher = encrypt(text, keys.publicKey);
    assert.equal(smCrypto.sm2.doDecrypt(cipher.slice(2), keys.privateKey, 1), text, 'sm-crypto decrypts');
    for (const [name, engine] of engines) assert.equal(sm2Decrypt(cipher, keys.privateKey, engine), text, name);
  }
});

test('a ciphertext whose C1 itself starts with the byte 04 decrypts with the prefix and is never mis-read without it', () => {
  const keys = generateSm2KeyPair();
  const k = scalarWithC1StartingWith04(BigInt('0x' + randomBytes(16).toString('hex')));
  const body = sm2EncryptWithScalar('密码 04', keys.publicKey, k);
  assert.ok(body.startsWith('04'));
  assert.equal(smCrypto.sm2.doDecrypt(body, keys.privateKey, 1), '密码 04', 'sm-crypto agrees');
  for (const [name, engine] of engines) {
    assert.equal(sm2Decrypt(body, keys.privateKey, engine), null, `${name}, without 04`);
    assert.equal(sm2Decrypt('04' + body, keys.privateKey, engine), '密码 04', `${name}, with 04`);
  }
});

function flipHexDigit(hex: string, index: number): string {
  const digit = parseInt(hex[index]!, 16) ^ 0x1;
  return hex.slice(0, index) + digit.toString(16) + hex.slice(index + 1);
}

test('tampering with C1, C3 or C2 gives null', () => {
  const keys = generateSm2KeyPair();
  const cipher = encrypt('Passw0rd!密码', keys.publicKey);
  const other = encrypt('Passw0rd!密码', keys.publicKey);
  // Offsets in the hex with "04": C1 = [2, 130), C3 = [130, 194), C2 = [194, end).
  const tampered = {
    'C1 off the curve': flipHexDigit(cipher, 40),
    'C1 of another ciphertext': other.slice(0, 130) + cipher.slice(130),
    C3: flipHexDigit(cipher, 150),
    'C2 first byte': flipHexDigit(cipher, 195),
    'C2 last byte': flipHexDigit(cipher, cipher.length - 1),
    'C2 truncated': cipher.slice(0, -2),
    'C2 extended': cipher + '00',
  };
  for (const [name, engine] of engines) {
    assert.equal(sm2Decrypt(cipher, keys.privateKey, engine), 'Passw0rd!密码');
    for (const [what, hex] of Object.entries(tampered)) {
      assert.equal(sm2Decrypt(hex, keys.privateKey, engine), null, `${name}: ${what}`);
    }
  }
});

test('the wrong private key gives null', () => {
  const keys = generateSm2KeyPair();
  const stranger = generateSm2KeyPair();
  const cipher = encrypt('secret', keys.publicKey);
  for (const [name, engine] of engines) assert.equal(sm2Decrypt(cipher, stranger.privateKey, engine), null, name);
});

test('malformed input gives null, never an exception', () => {
  const keys = generateSm2KeyPair();
  const cipher = encrypt('secret', keys.publicKey);
  const malformed = {
    empty: '',
    'not hex': cipher.slice(0, -1) + 'g',
    'too short': cipher.slice(0, 193),
    'C2 missing': cipher.slice(0, 194),
    'odd length': cipher.slice(0, -1),
    'all zeros': '0'.repeat(260),
    'with spaces': ' ' + cipher,
  };
  for (const [name, engine] of engines) {
    for (const [what, hex] of Object.entries(malformed)) {
      assert.equal(sm2Decrypt(hex, keys.privateKey, engine), null, `${name}: ${what}`);
    }
    for (const badKey of ['', 'zz', '0'.repeat(64), 'f'.repeat(64), '1'.repeat(65)]) {
      assert.equal(sm2Decrypt(cipher, badKey, engine), null, `${name}: private key ${badKey}`);
    }
  }
});

test('a ciphertext that decrypts to bytes that are not UTF-8 gives null', () => {
  const keys = generateSm2KeyPair();
  const valid = '04' + sm2EncryptBytesWithScalar(new Uint8Array([0xc3, 0xbf]), keys.publicKey, 12345n);
  const invalid = '04' + sm2EncryptBytesWithScalar(new Uint8Array([0xff, 0x41]), keys.publicKey, 67890n);
  for (const [name, engine] of engines) {
    assert.equal(sm2Decrypt(valid, keys.privateKey, engine), '\u00ff', name);
    assert.equal(sm2Decrypt(invalid, keys.privateKey, engine), null, name);
  }
});

test('a password that starts with U+FEFF keeps it (the decoder must not eat a byte-order mark)', () => {
  const keys = smCrypto.sm2.generateKeyPairHex();
  for (const text of ['\uFEFFSso@2026demo', 'Sso\uFEFF@2026', '\uFEFF']) {
    const cipher = encrypt(text, keys.publicKey);
    for (const [name, engine] of engines) assert.equal(sm2Decrypt(cipher, keys.privateKey, engine), text, name);
  }
});

test('each kind of unusable ciphertext is told apart: no "04", malformed, wrong key', () => {
  const keys = generateSm2KeyPair();
  const stranger = generateSm2KeyPair();
  const cipher = encrypt('Sso@2026demo', keys.publicKey);
  assert.deepEqual(sm2DecryptDetailed(cipher.slice(2).replace(/^04/, 'ff'), keys.privateKey), { ok: false, failure: 'missing-prefix' });
  assert.deepEqual(sm2DecryptDetailed('04' + 'ab'.repeat(120), keys.privateKey), { ok: false, failure: 'malformed' });
  assert.deepEqual(sm2DecryptDetailed('04zz', keys.privateKey), { ok: false, failure: 'malformed' });
  assert.deepEqual(sm2DecryptDetailed(cipher.slice(0, 2 + 128 + 64), keys.privateKey), { ok: false, failure: 'malformed' }, 'no C2');
  assert.deepEqual(sm2DecryptDetailed(cipher, stranger.privateKey), { ok: false, failure: 'undecryptable' });
  assert.deepEqual(sm2DecryptDetailed(cipher, keys.privateKey), { ok: true, plain: 'Sso@2026demo' });
});

// SM2 encryption (C1C3C2) built from the curve, KDF and SM3, for tests that need a ciphertext
// with a chosen ephemeral scalar (sm-crypto picks its own at random).
import { Sm2Point, bigintToBytes32 } from '../../../server/crypto/sm2-curve.ts';
import { sm2Kdf } from '../../../server/crypto/sm2.ts';
import { sm3 } from '../../../server/crypto/sm3.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** C1C3C2 hex without the "04" prefix, as sm-crypto's doEncrypt(text, key, 1) returns it. */
export function sm2EncryptWithScalar(text: string, publicKeyHex: string, k: bigint): string {
  return sm2EncryptBytesWithScalar(new TextEncoder().encode(text), publicKeyHex, k);
}

export function sm2EncryptBytesWithScalar(message: Uint8Array, publicKeyHex: string, k: bigint): string {
  const c1 = Sm2Point.BASE.multiply(k).toAffine();
  const shared = Sm2Point.fromHex(publicKeyHex).multiply(k).toAffine();
  const x2 = bigintToBytes32(shared.x);
  const y2 = bigintToBytes32(shared.y);
  const t = sm2Kdf(x2, y2, message.length);
  const c2 = message.map((byte, i) => byte ^ t[i]!);
  return hex(bigintToBytes32(c1.x)) + hex(bigintToBytes32(c1.y)) + hex(sm3(x2, message, y2)) + hex(c2);
}

/** The smallest k >= start whose C1 = k·G has an x coordinate starting with the byte 04. */
export function scalarWithC1StartingWith04(start: bigint): bigint {
  let k = start;
  let point = Sm2Point.BASE.multiply(k);
  while (point.toAffine().x >> 248n !== 4n) {
    point = point.add(Sm2Point.BASE);
    k += 1n;
  }
  return k;
}

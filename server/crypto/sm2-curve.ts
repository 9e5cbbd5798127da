// The SM2 curve (GB/T 32918.5-2017 recommended parameters) on @noble/curves: point decoding with
// on-curve validation, field arithmetic and constant-time scalar multiplication.
import { weierstrass, type WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';

export const Sm2Point = weierstrass({
  p: 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn,
  n: 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n,
  h: 1n,
  a: 0xfffffffeffffffffffffffffffffffffffffffff00000000fffffffffffffffcn,
  b: 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n,
  Gx: 0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n,
  Gy: 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n,
});

export type Sm2CurvePoint = WeierstrassPoint<bigint>;

/** Field elements and coordinates are 32 bytes big-endian on the wire. */
export const COORDINATE_BYTES = 32;

export function bigintToBytes32(value: bigint): Uint8Array {
  const out = new Uint8Array(COORDINATE_BYTES);
  let v = value;
  for (let i = COORDINATE_BYTES - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export function bytesToBigint(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const byte of bytes) v = (v << 8n) | BigInt(byte);
  return v;
}

/**
 * Decodes the 64-byte x||y of an uncompressed point (no 04 prefix). Null when it is not a point of
 * the curve: an invalid C1 must never reach the scalar multiplication (invalid-curve attacks).
 */
export function decodeRawPoint(xy: Uint8Array): Sm2CurvePoint | null {
  if (xy.length !== 2 * COORDINATE_BYTES) return null;
  const encoded = new Uint8Array(1 + xy.length);
  encoded[0] = 0x04;
  encoded.set(xy, 1);
  try {
    return Sm2Point.fromBytes(encoded);
  } catch {
    return null;
  }
}

/** Private keys are hex scalars d with 1 <= d <= n - 2 (GB/T 32918.1, 6.1). */
export function parsePrivateKey(privateKeyHex: string): bigint | null {
  if (!/^[0-9a-fA-F]{1,64}$/.test(privateKeyHex)) return null;
  const d = BigInt('0x' + privateKeyHex);
  return d >= 1n && d <= Sm2Point.Fn.ORDER - 2n ? d : null;
}

const P = Sm2Point.Fp.ORDER;
const sqrN = (x: bigint, times: number): bigint => {
  let r = x;
  for (let i = 0; i < times; i++) r = (r * r) % P;
  return r;
};
const mulP = (a: bigint, b: bigint): bigint => (a * b) % P;

/**
 * Square root in the SM2 field for a quadratic residue. p = 3 mod 4, so the root is
 * a^((p+1)/4). The exponent is, from the top bit: 31 ones, a zero, 128 ones, 31 zeros, a one and
 * 62 zeros; this addition chain needs 253 squarings and 12 multiplications where the generic
 * square-and-multiply of the field needs about 440 operations (y recovery is on the login path).
 */
export function sqrtSm2Field(a: bigint): bigint {
  const x1 = a % P;
  const x2 = mulP(sqrN(x1, 1), x1); // a^(2^2 - 1)
  const x3 = mulP(sqrN(x2, 1), x1);
  const x6 = mulP(sqrN(x3, 3), x3);
  const x12 = mulP(sqrN(x6, 6), x6);
  const x15 = mulP(sqrN(x12, 3), x3);
  const x30 = mulP(sqrN(x15, 15), x15);
  const x31 = mulP(sqrN(x30, 1), x1);
  const x32 = mulP(sqrN(x31, 1), x1);
  let t = sqrN(x31, 1); // 31 ones, then a zero
  for (let i = 0; i < 4; i++) t = mulP(sqrN(t, 32), x32); // 128 ones
  t = mulP(sqrN(t, 32), x1); // 31 zeros and a one
  return sqrN(t, 62); // 62 zeros
}

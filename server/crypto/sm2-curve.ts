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


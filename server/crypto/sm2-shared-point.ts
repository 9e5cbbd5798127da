// The one expensive step of SM2 decryption: the shared point d·C1. Two engines compute it:
// - native: OpenSSL's SM2 curve through node:crypto ECDH (constant-time Montgomery ladder in C,
//   about 4x faster than the pure-JS path here). ECDH yields only x2, so y2 is recovered from the
//   curve equation (point decompression): both roots are returned and the C3 check picks one.
// - noble: @noble/curves' constant-time, scalar-blinded multiply, for runtimes whose OpenSSL was
//   built without SM2 (some distributions remove it).
import { ECDH, createECDH, getCurves } from 'node:crypto';
import { Sm2Point, bigintToBytes32, bytesToBigint, type Sm2CurvePoint } from './sm2-curve.ts';

export interface SharedPointCandidate {
  x2: Uint8Array;
  y2: Uint8Array;
}

/** Candidates for d·C1; exactly one of them is the shared point (checked by C3). */
export type SharedPointEngine = (c1: Sm2CurvePoint, c1Raw: Uint8Array, d: bigint) => SharedPointCandidate[];

export const nobleSharedPoint: SharedPointEngine = (c1, _c1Raw, d) => {
  const { x, y } = c1.multiply(d).toAffine();
  return [{ x2: bigintToBytes32(x), y2: bigintToBytes32(y) }];
};

// One ECDH object per private key; the server uses a single key, so one slot is enough and a
// rotated key simply replaces it.
let cachedEcdh: { d: bigint; ecdh: ECDH } | null = null;

function ecdhFor(d: bigint): ECDH {
  if (cachedEcdh?.d !== d) {
    const ecdh = createECDH('SM2');
    ecdh.setPrivateKey(Buffer.from(bigintToBytes32(d)));
    cachedEcdh = { d, ecdh };
  }
  return cachedEcdh.ecdh;
}

const { Fp } = Sm2Point;

export const nativeSharedPoint: SharedPointEngine = (_c1, c1Raw, d) => {
  const point = Buffer.alloc(65);
  point[0] = 0x04;
  point.set(c1Raw, 1);
  const x2 = ecdhFor(d).computeSecret(point);
  // y2 is a root of y^2 = x2^3 + a*x2 + b: OpenSSL decompresses "02 || x2" to the even root
  // (natively, about twice as fast as the square root in JS); the other root is p - y. Both are
  // returned, always, so the work done does not depend on which one is right.
  const compressed = Buffer.alloc(33);
  compressed[0] = 0x02;
  compressed.set(x2, 1);
  const uncompressed = ECDH.convertKey(compressed, 'SM2', undefined, undefined, 'uncompressed') as Buffer;
  const evenY = new Uint8Array(uncompressed.subarray(33, 65));
  const x2Bytes = new Uint8Array(x2);
  return [
    { x2: x2Bytes, y2: evenY },
    { x2: x2Bytes, y2: bigintToBytes32(Fp.neg(bytesToBigint(evenY))) },
  ];
};

/**
 * True when this runtime's OpenSSL has the SM2 curve and agrees with the JS curve on a known
 * answer (x of 3·G, decompression of G), so a differently configured OpenSSL can never silently break logins.
 */
function nativeEngineWorks(): boolean {
  try {
    if (!getCurves().includes('SM2')) return false;
    const ecdh = createECDH('SM2');
    ecdh.setPrivateKey(Buffer.from(bigintToBytes32(3n)));
    const x = ecdh.computeSecret(Buffer.from(Sm2Point.BASE.toBytes(false)));
    const base = ECDH.convertKey(Buffer.from(Sm2Point.BASE.toBytes(true)), 'SM2', undefined, undefined, 'uncompressed');
    return (
      bytesToBigint(new Uint8Array(x)) === Sm2Point.BASE.multiplyUnsafe(3n).toAffine().x &&
      Buffer.from(Sm2Point.BASE.toBytes(false)).equals(base as Buffer)
    );
  } catch {
    return false;
  }
}

export const nativeSm2Available = nativeEngineWorks();

/** The engine the server uses: native when available, else pure JS. */
export const defaultSharedPointEngine: SharedPointEngine = nativeSm2Available ? nativeSharedPoint : nobleSharedPoint;
export const defaultSharedPointEngineName: 'native' | 'noble' = nativeSm2Available ? 'native' : 'noble';

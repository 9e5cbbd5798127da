// SM2 on the server: key generation and decryption of the passwords the browser encrypts with
// sm-crypto's doEncrypt(text, publicKey, 1) (C1C3C2, hex) and "04" prepended (GB/T 32918.4).
// sm-crypto took about 9-11 ms per decryption here; this version decodes C1 with @noble/curves,
// computes d·C1 with the fastest constant-time engine available (sm2-shared-point.ts) and does
// the KDF and the C3 check with our SM3, in well under a millisecond on the native engine.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Sm2Point, bytesToBigint, decodeRawPoint, parsePrivateKey, type Sm2CurvePoint } from './sm2-curve.ts';
import { defaultSharedPointEngine, type SharedPointEngine } from './sm2-shared-point.ts';
import { Sm3, sm3 } from './sm3.ts';
import { SM2_CIPHER_PREFIX } from '../../contract/rules/sm2-cipher.ts';

export interface Sm2KeyPair {
  /** Uncompressed public key, hex, starting with "04" (130 hex chars). */
  publicKey: string;
  /** Private scalar, hex (64 hex chars). */
  privateKey: string;
}

const C1_BYTES = 64; // x1 || y1, without the 04 prefix
const C3_BYTES = 32; // SM3 digest

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

export function generateSm2KeyPair(): Sm2KeyPair {
  // Rejection sampling gives a uniform d in [1, n - 2].
  const maxD = Sm2Point.Fn.ORDER - 2n;
  let d = 0n;
  while (d < 1n || d > maxD) d = bytesToBigint(randomBytes(32));
  const publicKey = Sm2Point.BASE.multiply(d).toBytes(false);
  return { publicKey: toHex(publicKey), privateKey: d.toString(16).padStart(64, '0') };
}

/** KDF(Z, klen) of GB/T 32918.4 5.4.3 with SM3: H(Z || ct) for ct = 1, 2, ... */
export function sm2Kdf(x2: Uint8Array, y2: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const counter = new Uint8Array(4);
  for (let ct = 1, offset = 0; offset < length; ct++, offset += 32) {
    new DataView(counter.buffer).setUint32(0, ct);
    const block = new Sm3().update(x2).update(y2).update(counter).digest();
    out.set(block.subarray(0, Math.min(32, length - offset)), offset);
  }
  return out;
}

// ignoreBOM: a password may start with U+FEFF like any other character; the default decoder would
// silently drop it and the password would no longer match.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Why a ciphertext did not decrypt: each gets its own message (contract/errors.ts). */
export type Sm2Failure = 'missing-prefix' | 'malformed' | 'undecryptable';

export type Sm2Result = { ok: true; plain: string } | { ok: false; failure: Sm2Failure };

/** Splits "04" + C1C3C2 hex into the C1 point, C3 and C2; null when it is not of that shape. */
function parseCiphertext(cipherHex: string): { c1: Sm2CurvePoint; c1Raw: Uint8Array; c3: Uint8Array; c2: Uint8Array } | null {
  const body = cipherHex.slice(SM2_CIPHER_PREFIX.length);
  if (body.length % 2 !== 0 || body.length <= 2 * (C1_BYTES + C3_BYTES)) return null;
  const bytes = new Uint8Array(Buffer.from(body, 'hex'));
  const c1Raw = bytes.subarray(0, C1_BYTES);
  const c1 = decodeRawPoint(c1Raw);
  if (!c1) return null;
  return { c1, c1Raw, c3: bytes.subarray(C1_BYTES, C1_BYTES + C3_BYTES), c2: bytes.subarray(C1_BYTES + C3_BYTES) };
}

/**
 * Decrypts "04" + C1C3C2 hex (what sm-crypto's doEncrypt(text, key, 1) gives, with "04" in front).
 * A ciphertext without the prefix is refused, not guessed at: accepting it would hide a client
 * that forgot it until the day its C1 happens to start with the byte 04.
 * `engine` exists for tests and the benchmark; callers use the default.
 */
export function sm2DecryptDetailed(
  cipherHex: string,
  privateKey: string,
  engine: SharedPointEngine = defaultSharedPointEngine,
): Sm2Result {
  if (!/^[0-9a-fA-F]+$/.test(cipherHex)) return { ok: false, failure: 'malformed' };
  if (!cipherHex.startsWith(SM2_CIPHER_PREFIX)) return { ok: false, failure: 'missing-prefix' };
  const parts = parseCiphertext(cipherHex);
  if (parts === null) return { ok: false, failure: 'malformed' };
  const d = parsePrivateKey(privateKey);
  if (d === null) return { ok: false, failure: 'undecryptable' };
  const { c1, c1Raw, c3, c2 } = parts;
  try {
    let plain: Uint8Array | null = null;
    // Every candidate is fully evaluated, so timing does not reveal which one matched.
    for (const { x2, y2 } of engine(c1, c1Raw, d)) {
      const t = sm2Kdf(x2, y2, c2.length);
      if (t.every((byte) => byte === 0)) continue; // the standard rejects an all-zero key stream
      const message = c2.map((byte, i) => byte ^ t[i]!);
      if (timingSafeEqual(sm3(x2, message, y2), c3)) plain = message;
    }
    return plain === null ? { ok: false, failure: 'undecryptable' } : { ok: true, plain: utf8.decode(plain) };
  } catch {
    return { ok: false, failure: 'undecryptable' }; // invalid UTF-8 or a point the engine refuses
  }
}

/** The plain text, or null when the ciphertext is malformed or does not decrypt under this key. */
export function sm2Decrypt(cipherHex: string, privateKey: string, engine: SharedPointEngine = defaultSharedPointEngine): string | null {
  const result = sm2DecryptDetailed(cipherHex, privateKey, engine);
  return result.ok ? result.plain : null;
}

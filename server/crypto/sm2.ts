// SM2 on the server: key generation and decryption of the passwords the browser encrypts with
// sm-crypto's doEncrypt(text, publicKey, 1) (C1C3C2, hex) and "04" prepended.
// This first version delegates to sm-crypto; issue 7 replaces the inside with a faster
// implementation behind the same two functions.
import smCrypto from 'sm-crypto';

export interface Sm2KeyPair {
  /** Uncompressed public key, hex, starting with "04" (130 hex chars). */
  publicKey: string;
  /** Private scalar, hex (64 hex chars). */
  privateKey: string;
}

export function generateSm2KeyPair(): Sm2KeyPair {
  const { publicKey, privateKey } = smCrypto.sm2.generateKeyPairHex();
  return { publicKey, privateKey };
}

/**
 * Decrypts a C1C3C2 hex ciphertext, with or without the leading "04".
 * Returns null when the ciphertext is malformed or does not decrypt under this key.
 */
export function sm2Decrypt(cipherHex: string, privateKey: string): string | null {
  if (!/^[0-9a-fA-F]+$/.test(cipherHex) || cipherHex.length < 194) return null;
  const body = cipherHex.startsWith('04') ? cipherHex.slice(2) : cipherHex;
  try {
    const plain = smCrypto.sm2.doDecrypt(body, privateKey, 1);
    return plain === '' ? null : plain;
  } catch {
    return null;
  }
}

// sm-crypto ships no type declarations; these cover the parts this project uses.
declare module 'sm-crypto' {
  export const sm2: {
    generateKeyPairHex(): { publicKey: string; privateKey: string };
    /** cipherMode 1 = C1C3C2, 0 = C1C2C3. The result has no "04" prefix. */
    doEncrypt(msg: string, publicKey: string, cipherMode?: 0 | 1): string;
    /** Expects the ciphertext without the "04" prefix. Returns '' when decryption fails. */
    doDecrypt(encryptData: string, privateKey: string, cipherMode?: 0 | 1): string;
  };
  export const sm3: (msg: string) => string;
  const smCrypto: { sm2: typeof sm2; sm3: typeof sm3 };
  export default smCrypto;
}

// The helpers of sm-crypto's SM2 module that widget/core/sm2-encrypt.ts (its doEncrypt) uses.
declare module 'sm-crypto/src/sm2/utils.js' {
  interface EcPoint {
    multiply(k: import('jsbn').BigInteger): EcPoint;
    getX(): { toBigInteger(): import('jsbn').BigInteger };
    getY(): { toBigInteger(): import('jsbn').BigInteger };
  }
  export function getGlobalCurve(): { decodePointHex(hex: string): EcPoint };
  export function generateKeyPairHex(): { publicKey: string; privateKey: string };
  export function verifyPublicKey(publicKey: string): boolean;
  export function utf8ToHex(text: string): string;
  export function hexToArray(hex: string): number[];
  export function arrayToHex(bytes: number[]): string;
  export function leftPad(text: string, length: number): string;
}

declare module 'sm-crypto/src/sm2/sm3.js' {
  export function sm3(bytes: number[]): number[];
}

declare module 'jsbn' {
  export class BigInteger {
    constructor(value: string, radix?: number);
    toRadix(radix: number): string;
  }
}

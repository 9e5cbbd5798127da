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

// The SM2 part alone (CommonJS: module.exports is the sm2 object): the widget loads only this, not
// sm3/sm4 it never calls.
declare module 'sm-crypto/src/sm2/index.js' {
  const sm2: (typeof import('sm-crypto'))['sm2'];
  export = sm2;
}

// SM2 encryption alone, for the widget's sm-crypto chunk (core/sm2.ts loads it with import()).
// sm-crypto's SM2 module (sm-crypto/src/sm2/index.js) also carries decryption, signatures and
// their ASN.1 DER coding, which a browser that only encrypts passwords never runs: about a third
// of that chunk. This is its doEncrypt (sm-crypto 0.5, MIT), the same steps on the same helpers
// (curve, key pair, SM3), for the one mode the API uses: C1C3C2. test/widget/core/sm2.test.ts
// decrypts its output with sm-crypto's own doDecrypt.
import { BigInteger } from 'jsbn';
import * as sm2Utils from 'sm-crypto/src/sm2/utils.js';
import { sm3 } from 'sm-crypto/src/sm2/sm3.js';

/** SM2 ciphertext of `text` (UTF-8) for the public key `publicKey` (hex, 04...), C1C3C2, without "04". */
export function doEncrypt(text: string, publicKey: string): string {
  if (!sm2Utils.verifyPublicKey(publicKey)) throw new Error('Invalid public key');
  const msg = sm2Utils.hexToArray(sm2Utils.utf8ToHex(text));
  const point = sm2Utils.getGlobalCurve().decodePointHex(publicKey);

  // c1 = k * G for a random k.
  const keypair = sm2Utils.generateKeyPairHex();
  const k = new BigInteger(keypair.privateKey, 16);
  let c1 = keypair.publicKey;
  if (c1.length > 128) c1 = c1.substring(c1.length - 128);

  // (x2, y2) = k * publicKey; c3 = SM3(x2 || msg || y2).
  const shared = point.multiply(k);
  const x2 = sm2Utils.hexToArray(sm2Utils.leftPad(shared.getX().toBigInteger().toRadix(16), 64));
  const y2 = sm2Utils.hexToArray(sm2Utils.leftPad(shared.getY().toBigInteger().toRadix(16), 64));
  const c3 = sm2Utils.arrayToHex(sm3([...x2, ...msg, ...y2]));

  // c2 = msg XOR KDF(x2 || y2): SM3(x2 || y2 || counter) blocks, the counter from 1, big-endian.
  const z = [...x2, ...y2];
  let counter = 1;
  let block: number[] = [];
  let offset = 0;
  const nextBlock = () => {
    block = sm3([...z, (counter >> 24) & 0xff, (counter >> 16) & 0xff, (counter >> 8) & 0xff, counter & 0xff]);
    counter++;
    offset = 0;
  };
  nextBlock();
  for (let i = 0; i < msg.length; i++) {
    if (offset === block.length) nextBlock();
    msg[i] = (msg[i] ?? 0) ^ ((block[offset++] ?? 0) & 0xff);
  }
  return c1 + c3 + sm2Utils.arrayToHex(msg);
}

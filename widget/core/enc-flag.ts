// Enc-Flag body encryption (spec section 7, contract "Enc-Flag"): AES-128-CFB, no padding,
// IV = key, base64. Per-module crypto-js imports keep the widget small.
import AES from 'crypto-js/aes';
import CFB from 'crypto-js/mode-cfb';
import NoPadding from 'crypto-js/pad-nopadding';
import Utf8 from 'crypto-js/enc-utf8';
import { ENC_KEY } from './config.ts';

function cipherOptions() {
  const key = Utf8.parse(ENC_KEY);
  return { key, options: { iv: key, mode: CFB, padding: NoPadding } };
}

export function encryptText(plain: string): string {
  const { key, options } = cipherOptions();
  return AES.encrypt(Utf8.parse(plain), key, options).toString();
}

export function decryptText(base64: string): string {
  const { key, options } = cipherOptions();
  return AES.decrypt(base64, key, options).toString(Utf8);
}

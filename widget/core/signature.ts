// Signature headers for URLs containing /tenant/list (spec section 7, contract):
// signature = md5(secret + nonce + url + timestamp), lowercase hex.
import MD5 from 'crypto-js/md5';
import { SIGN_SECRET } from './config.ts';
import { SIGNED_PATH as SIGNED_URL } from '../../contract/endpoints/request-rules.ts';

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function signatureHeaders(now: number = Date.now(), nonce: string = randomNonce()): Record<string, string> {
  const timestamp = String(now);
  return {
    signature: MD5(SIGN_SECRET + nonce + SIGNED_URL + timestamp).toString(),
    nonce,
    timestamp,
    url: SIGNED_URL,
  };
}

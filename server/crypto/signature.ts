// The /tenant/list request signature: md5(secret + nonce + url + timestamp), lowercase hex.
import crypto from 'node:crypto';

export function tenantSignature(secret: string, nonce: string, url: string, timestamp: string): string {
  return crypto.createHash('md5').update(secret + nonce + url + timestamp, 'utf8').digest('hex');
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

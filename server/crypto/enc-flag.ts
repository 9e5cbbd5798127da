// Enc-Flag bodies: AES-128-CFB without padding, IV = key, base64 (as crypto-js produces with
// mode CFB and NoPadding in the browser). Node's aes-128-cfb is the same full-block CFB.
import crypto from 'node:crypto';

export function encFlagDecrypt(base64: string, key: string): string {
  const k = Buffer.from(key, 'utf8');
  const decipher = crypto.createDecipheriv('aes-128-cfb', k, k);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
}

export function encFlagEncrypt(plain: string, key: string): string {
  const k = Buffer.from(key, 'utf8');
  const cipher = crypto.createCipheriv('aes-128-cfb', k, k);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

// Secrets the server must read back (an authenticator app's TOTP key: it is the HMAC key itself, so
// it cannot be hashed) are kept sealed with AES-256-GCM under a key derived from the deployment's
// key pair: a copy of the database alone does not hand out second factors. Node's crypto does the
// cipher; this only frames it: "v1." + base64url(iv | tag | ciphertext).
import crypto from 'node:crypto';

const PREFIX = 'v1.';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The sealed text's plain text; throws when it was not sealed with this key (tampered, or another deployment's). */
  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

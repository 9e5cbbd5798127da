// A password as the widget sends it (contract/rules/sm2-cipher.ts): "04" + sm-crypto's C1C3C2 hex
// (doEncrypt with cipher mode 1) under the server's public key from
// GET /api/centerAuth/commonConfig/getPublicKeySm2. For tests that talk to a real server over HTTP;
// app.inject tests have Client.encrypt (test-app.ts), which does the same.
import smCrypto from 'sm-crypto';

export function sm2Password(plain: string, publicKeyHex: string): string {
  return '04' + smCrypto.sm2.doEncrypt(plain, publicKeyHex, 1);
}

/** The server's SM2 public key, read as the widget reads it. */
export async function serverPublicKey(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/centerAuth/commonConfig/getPublicKeySm2`);
  const body = (await response.json()) as { code: number; data: string };
  if (body.code !== 200 || typeof body.data !== 'string') throw new Error(`no SM2 public key from ${origin}: ${JSON.stringify(body)}`);
  return body.data;
}

// The raw work of one password login on one core: one SM2 decryption of a browser-made
// ciphertext and one argon2id verification with the server's parameters, back to back.
import { sm2Password } from '../test/helpers/sm2-password.ts';
import { generateSm2KeyPair, sm2Decrypt } from '../server/crypto/sm2.ts';
import { hashPassword, verifyPassword } from '../server/auth/passwords.ts';
import { timeOperation, type OpTiming } from './measure.ts';

export async function timeRawLoginWork(batches = 3): Promise<OpTiming> {
  const keys = generateSm2KeyPair();
  const password = 'Sso@Portal2026';
  const ciphers = Array.from({ length: 8 }, () => sm2Password(password, keys.publicKey));
  const hash = await hashPassword(password);
  return timeOperation(async (i) => {
    const plain = sm2Decrypt(ciphers[i % 8]!, keys.privateKey);
    if (plain !== password || !(await verifyPassword(hash, plain))) throw new Error('raw login work failed');
  }, { batches, batchMs: 400, warmup: 2 });
}

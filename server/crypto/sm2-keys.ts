// The server's SM2 key pair: generated on first start, kept in dataDir/sm2-key.json (mode 0600).
import fs from 'node:fs';
import path from 'node:path';
import { generateSm2KeyPair, type Sm2KeyPair } from './sm2.ts';

export function loadOrCreateSm2KeyPair(dataDir: string): Sm2KeyPair {
  const file = path.join(dataDir, 'sm2-key.json');
  if (fs.existsSync(file)) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Sm2KeyPair>;
    if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string' ||
        !/^04[0-9a-f]{128}$/i.test(parsed.publicKey) || !/^[0-9a-f]{64}$/i.test(parsed.privateKey)) {
      throw new Error(`${file} is not a valid SM2 key pair; move it away to generate a new one`);
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  let pair = generateSm2KeyPair();
  // sm-crypto may drop a leading zero of the private scalar; keep only well-formed pairs.
  while (!/^04[0-9a-f]{128}$/i.test(pair.publicKey) || pair.privateKey.length !== 64) pair = generateSm2KeyPair();
  fs.writeFileSync(file, JSON.stringify(pair, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return pair;
}

// The server's SM2 key pair: generated on first start, kept in dataDir/sm2-key.json (mode 0600),
// or in SSO_SM2_KEY_FILE, which several instances can share (browsers encrypt with the public key
// of whichever instance answered, so all instances of a deployment need the same pair).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateSm2KeyPair, type Sm2KeyPair } from './sm2.ts';
import { ensurePrivateDir, tightenExisting } from '../storage/private-files.ts';

export function loadOrCreateSm2KeyPair(dataDir: string, file = path.join(dataDir, 'sm2-key.json')): Sm2KeyPair {
  if (fs.existsSync(file)) {
    tightenExisting([file]);
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Sm2KeyPair>;
    if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string' ||
        !/^04[0-9a-f]{128}$/i.test(parsed.publicKey) || !/^[0-9a-f]{64}$/i.test(parsed.privateKey)) {
      throw new Error(`${file} is not a valid SM2 key pair; move it away to generate a new one`);
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  }
  ensurePrivateDir(path.dirname(file));
  let pair = generateSm2KeyPair();
  // sm-crypto may drop a leading zero of the private scalar; keep only well-formed pairs.
  while (!/^04[0-9a-f]{128}$/i.test(pair.publicKey) || pair.privateKey.length !== 64) pair = generateSm2KeyPair();
  // Written aside, then linked into place: the link is atomic and fails when another instance
  // sharing the file was first, whose complete pair is then used.
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, JSON.stringify(pair, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  try {
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      // A file system without hard links: an exclusive copy (not atomic, but never overwrites).
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
      fs.copyFileSync(draft, file, fs.constants.COPYFILE_EXCL);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadOrCreateSm2KeyPair(dataDir, file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return pair;
}

import smCrypto from 'sm-crypto';
import { sm2DecryptDetailed } from './server/crypto/sm2.ts';
import { nobleSharedPoint, nativeSharedPoint } from './server/crypto/sm2-shared-point.ts';
let nf = 0, vf = 0; const samples: string[] = [];
for (let i = 0; i < 3000; i++) {
  const keys = smCrypto.sm2.generateKeyPairHex();
  const cipher = '04' + smCrypto.sm2.doEncrypt('x', keys.publicKey, 1);
  const a = sm2DecryptDetailed(cipher, keys.privateKey, nobleSharedPoint).ok;
  const b = sm2DecryptDetailed(cipher, keys.privateKey, nativeSharedPoint).ok;
  if (!a) nf++; if (!b) vf++;
  if (!a && samples.length < 3) samples.push(JSON.stringify({ priv: keys.privateKey, pub: keys.publicKey, cipher, native: b }));
}
console.log('noble fails', nf, 'native fails', vf); for (const s of samples) console.log(s);

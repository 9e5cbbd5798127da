// Crypto on the login path: SM2 decryption (ours on each engine, next to sm-crypto measured in
// the same run, in alternating batches) and the argon2id verification with the server's parameters.
import smCrypto from 'sm-crypto';
import { sm2Password } from '../test/helpers/sm2-password.ts';
import { generateSm2KeyPair, sm2Decrypt } from '../server/crypto/sm2.ts';
import { defaultSharedPointEngineName, nobleSharedPoint } from '../server/crypto/sm2-shared-point.ts';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../server/auth/passwords.ts';
import { pairedRatio, timeInterleaved, timeOperation, type OpTiming } from './measure.ts';
import { fmtMs, type BenchRow } from './report.ts';

export interface CryptoFigures {
  rows: BenchRow[];
  /** ms of one SM2 decryption (default engine) + one argon2id verification: the raw login work. */
  rawLoginMs: number;
}

const OWASP_MIN = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** "CPU 0.86 ms/op, wall 1.13 ms/op (0.87 ms..3.11 ms)": CPU time is the cost, wall time what it felt like. */
const describe = (t: OpTiming): string =>
  `CPU ${fmtMs(t.cpuMsPerOp)}/op, wall ${fmtMs(t.msPerOp)}/op (${fmtMs(t.minMs)}..${fmtMs(t.maxMs)})`;

export async function benchCrypto(): Promise<CryptoFigures> {
  const keys = generateSm2KeyPair();
  // A typical password, encrypted by sm-crypto exactly as the browser does it; several
  // ciphertexts so no engine benefits from a cached point.
  const password = 'Sso@Portal2026';
  const ciphers = Array.from({ length: 16 }, () => sm2Password(password, keys.publicKey));
  const check = (plain: string | null): void => {
    if (plain !== password) throw new Error('SM2 bench: decryption gave a wrong result');
  };

  const hash = await hashPassword(password);
  // The SM2 engines alternate batch by batch; argon2id runs apart, after them: its 19 MiB per
  // operation evicts the caches, which would slow whichever batch came next.
  const timings = await timeInterleaved({
    smCrypto: (i) => check(smCrypto.sm2.doDecrypt(ciphers[i % 16]!.slice(2), keys.privateKey, 1)),
    ours: (i) => check(sm2Decrypt(ciphers[i % 16]!, keys.privateKey)),
    noble: (i) => check(sm2Decrypt(ciphers[i % 16]!, keys.privateKey, nobleSharedPoint)),
  }, { batches: 7 });
  const { ours, noble } = timings;
  const argon = await timeOperation(async () => {
    if (!(await verifyPassword(hash, password))) throw new Error('argon2 bench: verification failed');
  }, { batches: 5, batchMs: 400 });
  const smCryptoTiming = timings.smCrypto;

  // CPU time per operation against CPU time per operation: the ratio that holds on a busy
  // machine. The wall-clock ratio, each round's sm-crypto batch against the batch of ours right
  // after it, is reported next to it.
  const speedup = smCryptoTiming.cpuMsPerOp / ours.cpuMsPerOp;
  const wallSpeedup = pairedRatio(smCryptoTiming, ours);
  const rawLoginMs = ours.cpuMsPerOp + argon.cpuMsPerOp;
  const params = `m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`;
  const atLeastOwasp =
    ARGON2_OPTIONS.memoryCost >= OWASP_MIN.memoryCost &&
    ARGON2_OPTIONS.timeCost >= OWASP_MIN.timeCost &&
    ARGON2_OPTIONS.parallelism >= OWASP_MIN.parallelism;

  const rows: BenchRow[] = [
    {
      section: 'crypto',
      name: `SM2 decrypt, ours (${defaultSharedPointEngineName} engine, server default)`,
      value: describe(ours),
      budget: '<= 1 ms/op (CPU)',
      pass: ours.cpuMsPerOp <= 1,
      data: { engine: defaultSharedPointEngineName, ...ours },
    },
    {
      section: 'crypto',
      name: 'SM2 decrypt, sm-crypto (same run)',
      value: describe(smCryptoTiming),
      budget: '',
      pass: null,
      data: { ...smCryptoTiming },
    },
    {
      section: 'crypto',
      name: 'SM2 decrypt speed-up, ours vs sm-crypto',
      value: `${speedup.toFixed(1)}x CPU time (wall clock, neighbouring batches: ${wallSpeedup.toFixed(1)}x)`,
      budget: '>= 10x',
      pass: speedup >= 10,
      data: { speedup, wallSpeedup },
    },
  ];
  rows.push(
    {
      section: 'crypto',
      name: 'SM2 decrypt, pure-JS noble engine (fallback)',
      value: describe(noble),
      budget: '',
      pass: null,
      data: { ...noble },
    },
    {
      section: 'crypto',
      name: `argon2id verify (${params})`,
      value: describe(argon),
      budget: '>= OWASP min (m=19456 KiB, t=2, p=1)',
      pass: atLeastOwasp,
      data: { ...ARGON2_OPTIONS, ...argon },
    },
    {
      section: 'crypto',
      name: 'raw login work: 1 SM2 decrypt + 1 argon2id verify',
      value: `CPU ${fmtMs(rawLoginMs)} = ${(1000 / rawLoginMs).toFixed(1)} logins/s per core`,
      budget: '',
      pass: null,
      data: { rawLoginMs, perCorePerSecond: 1000 / rawLoginMs },
    },
  );
  return { rows, rawLoginMs };
}

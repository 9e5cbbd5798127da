// Password hashing (argon2id) and the strength rule. The hashing cost lives here, once.
import { hash, verify } from '@node-rs/argon2';
import { shapeProblem } from '../auth/password-policy.ts';

/** @node-rs/argon2's Algorithm.Argon2id (an ambient const enum, unusable under verbatimModuleSyntax). */
const ARGON2ID = 2;

/** OWASP minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/**
 * The shape part of the strength rule (8 to 64 characters, three kinds, no whitespace, not the
 * username). The whole policy, common passwords and the phone included, is
 * server/auth/password-policy.ts: that is what registration, password change and the CLI ask.
 */
export function isStrongPassword(plain: string, username: string): boolean {
  if (shapeProblem(plain) !== null) return false;
  return !(username && plain.toLowerCase().includes(username.toLowerCase()));
}

/**
 * A fixed hash to verify against when the user does not exist, so a wrong name costs the same
 * time as a wrong password and the answer time does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
}

// Client secrets are stored hashed. They are long random strings (generated ones carry 256 bits;
// given ones must be at least 24 characters), so one salted SHA-256 is enough: a slow password
// hash would add its cost to every token request and protect nothing a guess could reach.
import crypto from 'node:crypto';

export const MIN_SECRET_LENGTH = 24;

export function generateSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  const salt = crypto.randomBytes(16).toString('base64url');
  return `sha256$${salt}$${crypto.createHash('sha256').update(salt + secret).digest('base64url')}`;
}

export function secretMatches(stored: string | undefined, given: string | undefined): boolean {
  if (!stored || typeof given !== 'string') return false;
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !hash) return false;
  const actual = crypto.createHash('sha256').update(salt + given).digest();
  const expected = Buffer.from(hash, 'base64url');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/**
 * What the provider holds as a client's secret: its hash, and during a rotation's grace period the
 * previous hash with the epoch ms until which it still works, separated by spaces (a hash has none).
 */
export function providerSecret(current: string, previous: string | null, previousUntil: number | null): string {
  return previous && previousUntil ? `${current} ${previous} ${previousUntil}` : current;
}

/** The secret the client sent matches the current hash, or the previous one while its grace lasts. */
export function providerSecretMatches(held: string | undefined, given: string, now: number): boolean {
  if (!held) return false;
  const [current, previous, until] = held.split(' ');
  if (secretMatches(current, given)) return true;
  return previous !== undefined && Number(until) > now && secretMatches(previous, given);
}

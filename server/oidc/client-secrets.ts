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

// Binds a login ticket to the page that started the embedded sign-in. The element on the brand
// page makes a random nonce once per page load and keeps it in that page's memory; it sends the
// nonce with its API calls (X-Login-Binding, allowed by CORS for registered origins only) and adds
// it as `proof` when it sends the browser to the redeem URL. The ticket seals only a hash of it.
// A ticket copied out of an answer, a log or a history entry is useless without the nonce, and
// redeem also wants the Referer to be the brand origin the ticket was minted for (never the SSO
// origin itself: a callBack there could otherwise carry a foreign ticket, a session swap).
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const BINDING_HEADER = 'x-login-binding';
export const BINDING_PATTERN = '^[A-Za-z0-9_-]{22,128}$';
const BINDING_SHAPE = new RegExp(BINDING_PATTERN);

export const hashBinding = (nonce: string): string => crypto.createHash('sha256').update(nonce).digest('base64url');

/** The hash of the request's binding nonce, or null when it sent none (or a malformed one). */
export function bindingHashOf(request: FastifyRequest): string | null {
  const value = request.headers[BINDING_HEADER];
  return typeof value === 'string' && BINDING_SHAPE.test(value) ? hashBinding(value) : null;
}

/** True when `proof` is the nonce whose hash the ticket sealed. */
export function proofMatches(proof: string | undefined, sealedHash: string | undefined): boolean {
  if (!proof || !sealedHash || !BINDING_SHAPE.test(proof)) return false;
  const given = Buffer.from(hashBinding(proof));
  const expected = Buffer.from(sealedHash);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

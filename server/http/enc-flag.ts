// Enc-Flag: a request with the header carries {encryption} (AES-128-CFB, see crypto/enc-flag.ts)
// and is handled as the plain JSON inside; its answer carries the data encrypted the same way.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { encFlagDecrypt, encFlagEncrypt } from '../crypto/enc-flag.ts';
import { ApiError, HttpMessages } from './api-error.ts';

const encrypted = new WeakSet<FastifyRequest>();

function flagged(request: FastifyRequest): boolean {
  const value = request.headers['enc-flag'];
  return typeof value === 'string' && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function registerEncFlag(app: FastifyInstance, key: string): void {
  // Callback hooks: every API request passes here, almost all without the flag; async hooks would
  // cost a promise each.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      decryptFlaggedBody(request, key);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!encrypted.has(request) || typeof payload !== 'string') return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    let encryptedPayload: string;
    try {
      const { data, ...rest } = JSON.parse(payload) as { data?: unknown };
      encryptedPayload = JSON.stringify({ ...rest, encryption: encFlagEncrypt(JSON.stringify(data ?? null), key) });
    } catch (error) {
      return done(error as Error);
    }
    done(null, encryptedPayload);
  });
}

function decryptFlaggedBody(request: FastifyRequest, key: string): void {
  if (!flagged(request)) return;
  encrypted.add(request);
  if (request.body === undefined || request.body === null) return;
  const envelope = request.body as { encryption?: unknown };
  if (typeof envelope !== 'object' || typeof envelope.encryption !== 'string') {
    throw new ApiError(400, HttpMessages.badEncryption, 400);
  }
  let plain: unknown;
  try {
    plain = JSON.parse(encFlagDecrypt(envelope.encryption, key));
  } catch {
    throw new ApiError(400, HttpMessages.badEncryption, 400);
  }
  if (!plain || typeof plain !== 'object' || Array.isArray(plain)) throw new ApiError(400, HttpMessages.badEncryption, 400);
  request.body = plain;
}

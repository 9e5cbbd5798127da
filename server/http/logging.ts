// Structured logs (pino, Fastify's logger): every line written while serving a request carries
// its id (reqId), taken from the proxy's X-Request-Id when that is a plain token, else generated,
// and echoed in the answer. Secrets never reach a line: request lines show the URL with codes and
// phones masked (log-redaction.ts), and headers or bodies that carry cookies, tokens, passwords or
// codes are redacted should anything ever log them.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { requestSerializer } from './log-redaction.ts';

const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:-]{1,64}$/;
const SECRET_FIELDS = ['pwd', 'password', 'oldPassword', 'newPassword', 'confirmPassword', 'code', 'smsCode', 'encryption'];

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers.signature',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-xsrf-token"]',
  ...SECRET_FIELDS.flatMap((field) => [`body.${field}`, `req.body.${field}`, `query.${field}`, `req.query.${field}`]),
];

export function genRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_SHAPE.test(incoming) ? incoming : crypto.randomUUID();
}

// The id of the request being served, for lines written through loggers that are not the
// request's own child logger (the SMS sender, domain code): pino's mixin adds it to them.
const currentRequestId = new AsyncLocalStorage<string>();

// A line that names its request itself (raw-front.ts's request line) needs nothing: pino lets the
// line's own fields win over the mixin's. Asked first because `bindings()` parses the logger's
// bound fields from JSON at every call (docs/performance.md, issue 33).
function requestIdMixin(merge: object, _level: number, logger: { bindings(): Record<string, unknown> }): Record<string, string> {
  if ((merge as { reqId?: unknown }).reqId !== undefined) return {};
  const id = currentRequestId.getStore();
  return id && logger.bindings().reqId === undefined ? { reqId: id } : {};
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    mixin: requestIdMixin as never,
    serializers: { req: requestSerializer },
  };
}

/** Runs `work` as part of the request `id` (for answers written past Fastify: raw-front.ts). */
export function runWithRequestId<T>(id: string, work: () => T): T {
  return currentRequestId.run(id, work);
}

export function registerRequestIdEcho(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    currentRequestId.run(request.id, done);
  });
}

// Recognises errors that mean "a backing service is unreachable right now" (PostgreSQL, Redis, a
// busy SQLite file), as opposed to bugs. The error handler answers them with HTTP 503 and a
// retry-later message; everything else stays a 500.

const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  'SQLITE_BUSY', 'SQLITE_LOCKED', 'REDIS_UNAVAILABLE',
]);

// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutdown, crash, not yet
// accepting connections), 53300 (too many connections).
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

const MESSAGES = [
  /Connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /enableOfflineQueue/i,
  /Connection is closed/i,
  /Reached the max retries per request/i,
  /driver has already been destroyed/i,
];

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, name, cause } = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDependencyUnavailable(inner, depth + 1))) return true;
  return isDependencyUnavailable(cause, depth + 1);
}

// Every error a client can see is an ApiError built from the catalogue in contract/errors.ts: one
// code, one Chinese text, one HTTP status. The central error handler (error-handler.ts) turns them
// into the envelope.
import { HttpMessages, lockedForMinutes, Refusal, RequestMessages } from '../../contract/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly code: string | number,
    msg: string,
    readonly httpStatus = 200,
    /** The envelope's data: null unless a refusal explains itself (AU00153's PasswordAgedDetail). */
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export { HttpMessages, Refusal, RequestMessages };

export type RefusalName = keyof typeof Refusal;

export function refuse(name: RefusalName, data: unknown = null): ApiError {
  const [code, msg] = Refusal[name];
  return new ApiError(code, msg, 200, data);
}

/** AU00103 with the policy's reason (server/auth/password-policy.ts). */
export const weakPassword = (why: string) => new ApiError(Refusal.weakPassword[0], why, 200);

/** HTTP 423; with the time left, the message says how many minutes (rounded up) to wait. */
export const locked = (remainingMs?: number) => new ApiError(
  423, remainingMs && remainingMs > 0 ? lockedForMinutes(Math.ceil(remainingMs / 60_000)) : HttpMessages.locked, 423,
);
export const sessionExpired = () => new ApiError(424, HttpMessages.sessionExpired, 424);
export const badInput = (msg: string) => new ApiError(400, msg, 400);
export const unauthorized = (msg: string) => new ApiError(401, msg, 401);
export const upstreamDown = () => new ApiError(503, HttpMessages.upstreamDown, 503);

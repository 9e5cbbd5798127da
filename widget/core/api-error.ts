// The error every failed call rejects with: HTTP status, envelope code and the message shown.
import { DEFAULT_ERROR } from './messages.ts';
import type { NoticeCenter } from './notices.ts';

export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string | number;
  readonly errorCode?: string;
  /** The refusal's data, when it explains itself (AU00153: PasswordAgedDetail); else undefined. */
  readonly data?: unknown;

  constructor(message: string, status: number, code: string | number, errorCode?: string, data?: unknown) {
    super(message);
    this.name = 'ApiCallError';
    this.status = status;
    this.code = code;
    if (errorCode !== undefined) this.errorCode = errorCode;
    if (data !== undefined && data !== null) this.data = data;
  }
}

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  errorCode?: unknown;
}

export function asEnvelope(value: unknown): EnvelopeLike | null {
  return value !== null && typeof value === 'object' ? (value as EnvelopeLike) : null;
}

/** Spec section 8: msg, else message, else the default text. */
export function envelopeMessage(envelope: EnvelopeLike | null, fallback: string): string {
  if (typeof envelope?.msg === 'string' && envelope.msg) return envelope.msg;
  if (typeof envelope?.message === 'string' && envelope.message) return envelope.message;
  return fallback;
}

export function isSuccessCode(code: unknown): boolean {
  return code === 200 || code === '200';
}

/**
 * The toast for a failed quiet call (the request client showed nothing): 424 is left out, the
 * client always handles it itself (expiry dialog); anything that is not an ApiCallError (a bug,
 * not an answer) gets the default text.
 */
export function reportQuietError(notices: NoticeCenter, error: unknown): void {
  if (error instanceof ApiCallError) {
    if (error.status !== 424) notices.toast('error', error.message);
  } else {
    notices.toast('error', DEFAULT_ERROR);
  }
}

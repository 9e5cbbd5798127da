// Requests Fastify refuses before any route runs (a malformed URL, a path parameter past the
// router's length limit) get the API envelope with a Chinese message too, instead of Fastify's
// own English body.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, RequestMessages } from './api-error.ts';
import { envelopeError } from './error-handler.ts';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: RequestMessages.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: RequestMessages.badParameters,
};

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const msg = MESSAGES[error.code] ?? RequestMessages.badRequest;
  envelopeError(reply, new ApiError(400, msg, 400));
}

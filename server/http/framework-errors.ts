// Requests Fastify refuses before any route runs (a malformed URL, a path parameter past the
// router's length limit) get the API envelope with a Chinese message too, instead of Fastify's
// own English body.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { envelopeError } from './error-handler.ts';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: '请求地址不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求参数不正确',
};

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const msg = MESSAGES[error.code] ?? '请求格式不正确';
  envelopeError(reply, new ApiError(400, msg, 400));
}

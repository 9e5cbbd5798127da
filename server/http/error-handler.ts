// One error handler for the whole API: ApiErrors become the envelope, schema failures become 400
// with a Chinese message naming the field, anything else is logged and answered generically.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, HttpMessages, RequestMessages } from './api-error.ts';
import { isDependencyUnavailable } from '../storage/dependency-errors.ts';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function validationMessage(issue: AjvIssue | undefined, context: string | undefined, fieldMessages: Record<string, string>): string {
  if (!issue) return RequestMessages.badParameters;
  if (issue.keyword === 'required') return RequestMessages.missing(String(issue.params.missingProperty));
  if (issue.keyword === 'additionalProperties') return RequestMessages.unsupported(String(issue.params.additionalProperty));
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (!field) return context === 'body' ? RequestMessages.badBody : RequestMessages.badParameters;
  return fieldMessages[field] ?? RequestMessages.badField(field);
}

export function envelopeError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body = error.httpStatus === 200
    ? { code: error.code, errorCode: error.code, msg: error.message, data: error.data }
    : { code: error.code, msg: error.message, data: null };
  return reply.status(error.httpStatus).send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return envelopeError(reply, error);
    if (error.validation) {
      const fieldMessages = request.routeOptions.config?.fieldMessages ?? {};
      const msg = validationMessage(error.validation[0] as AjvIssue | undefined, error.validationContext, fieldMessages);
      return envelopeError(reply, new ApiError(400, msg, 400));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = status === 413 ? RequestMessages.bodyTooLarge : status === 415 ? RequestMessages.unsupportedMediaType : RequestMessages.badRequest;
      return envelopeError(reply, new ApiError(status, msg, status));
    }
    const unavailable = status === 503 || isDependencyUnavailable(error);
    if (unavailable) request.log.warn({ reason: (error as { code?: string }).code ?? error.message }, 'dependency unavailable');
    else request.log.error({ err: error }, 'request failed');
    return envelopeError(reply, new ApiError(
      unavailable ? 503 : 500, unavailable ? HttpMessages.storageDown : HttpMessages.serverError, unavailable ? 503 : 500,
    ));
  });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error.ts';

/** Maps every failure to { error, code, requestId } with the right status; 5xx messages are masked. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    const requestId = request.id;
    reply.header('x-request-id', requestId);
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.message, code: error.code, requestId, details: error.details });
    }
    // A request that failed its route's contract (params, query or body): the first zod issue's sentence, as parse() did.
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation;
      return reply.status(400).send({
        error: issues[0]?.message ?? 'The request is not valid.',
        code: 'validation',
        requestId,
        details: issues.map((i) => ({ path: i.instancePath.slice(1).replaceAll('/', '.'), message: i.message })),
      });
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      return reply.status(400).send({
        error: first?.message ?? 'The request is not valid.',
        code: 'validation',
        requestId,
        details: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const fe = error as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'internal', requestId });
    }
    return reply.status(status).send({ error: clientMessage(fe, status), code: codeFor(status), requestId });
  });
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The upload is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'The request must be a multipart form upload.';
  }
  if (status === 413) return 'The upload is too large.';
  if (status === 415) return 'This content type is not supported.';
  return error.message || 'The request is not valid.';
}

function codeFor(status: number): string {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'validation';
}

import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, ErrorBody, ErrorCode } from '@portal/contracts';
import { AppError } from '../http/errors.js';

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

const body = (code: ErrorCode, message: string, field?: string): ErrorBody => ({
  errors: [field ? { code, message, field } : { code, message }],
});

/** Turns `body/procedure_ids/0` into `procedure_ids.0`, the field name screens show errors on. */
function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (context === 'body') return path || 'body';
  return path || context || 'request';
}

/** Every failure leaves as the one error body: `{ errors: [{ code, message, field? }] }`. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: ApiError[] = error.validation.map((v) => ({
        code: 'validation_failed',
        message: v.message ?? 'invalid value',
        field: fieldName(error.validationContext, v.instancePath),
      }));
      return reply.code(400).send({ errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.code(500).send(body('internal_error', 'the server produced an invalid answer'));
    }
    // Last line of defence: text PostgreSQL cannot store (U+0000, invalid bytes) is the client's error.
    const pgCode = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? error.code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.code(400).send(body('validation_failed', 'contains a character that is not allowed'));
    }
    // Likewise a number no column can hold (an id past 2^31 - 1): the contracts bound ids only by 2^53.
    if (pgCode === '22003') {
      return reply.code(400).send(body('validation_failed', 'a number is out of range'));
    }
    // And a date or time PostgreSQL cannot hold or read (a year past its range).
    if (pgCode === '22008' || pgCode === '22007') {
      return reply.code(400).send(body('validation_failed', 'a date is out of range'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(statusCodes[status] ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('internal_error', 'an unexpected error occurred'));
  });
});

export const notFoundBody = (url: string) => body('not_found', `Page not found: ${url}`);

/**
 * Fastify's router answers before any hook or error handler (an address that is not valid UTF-8, a path
 * parameter over the length limit): the same error body, through its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'a part of the address is too long'
      : 'the address is not valid';
  return reply.code(status).send(body('bad_request', message));
}

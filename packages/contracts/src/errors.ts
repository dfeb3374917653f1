import { z } from 'zod';

/** Machine-readable error codes the server returns; the message is for people. */
export const ErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'region_mismatch',
  'csrf_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'illegal_transition',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'not_implemented',
  'unavailable',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One problem; `field` names the offending input (a body path, query key or standard item code). */
export const ApiError = z.object({
  code: ErrorCode,
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** The one error body of every failing call. */
export const ErrorBody = z.object({ errors: z.array(ApiError).min(1) });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** HTTP status for each code, so server and client agree. */
export const errorStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  region_mismatch: 400,
  csrf_failed: 403,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  illegal_transition: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
  internal_error: 500,
};

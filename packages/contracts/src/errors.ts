import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

export { ERROR_CODES, errorStatus } from './error-codes.js';

export const ErrorCode = z.enum(ERROR_CODES);
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

// The server's error codes and their HTTP statuses, without zod: the web entry chunk reads them too.

/** Machine-readable error codes the server returns; the message is for people. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'region_mismatch',
  'csrf_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'illegal_transition',
  'precondition_required',
  'payload_too_large',
  'unsupported_media_type',
  'malware_found',
  'rate_limited',
  'not_implemented',
  'unavailable',
  'internal_error',
] as const;
export type ErrorCodeName = (typeof ERROR_CODES)[number];

/** HTTP status for each code, so server and client agree. */
export const errorStatus: Record<ErrorCodeName, number> = {
  bad_request: 400,
  validation_failed: 400,
  region_mismatch: 400,
  csrf_failed: 403,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  illegal_transition: 409,
  precondition_required: 428,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // An uploaded file the malware scanner refused (decision 0051): the file, not the request, is wrong.
  malware_found: 400,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
  internal_error: 500,
};

// One error vocabulary for the applicant and staff screens: every failure of a call is shown in the
// app's own words (what happened, what to do next), chosen by its error code, never by the server's
// message. The master tool keeps the spec's joined server messages (ApiError.message, spec §8).
import type { ErrorCode } from '@portal/contracts';
import { ERROR_CODES } from '@portal/contracts/error-codes';
import type { TFunction } from 'i18next';
import { ApiError, CSRF_TOKEN_MISSING, ParseError } from './errors';

/** What went wrong, in the vocabulary's terms: a server error code, or a failure of the client's own. */
export type ErrorKind = ErrorCode | 'network' | 'parse' | 'unknown';

/** The server's error codes (declared once in the contracts, without zod). */
export const SERVER_ERROR_CODES: readonly ErrorCode[] = ERROR_CODES;

/** Every kind the vocabulary has a text for. */
export const ERROR_KINDS: readonly ErrorKind[] = [...SERVER_ERROR_CODES, 'network', 'parse', 'unknown'];

const isServerCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && (SERVER_ERROR_CODES as readonly string[]).includes(code);

/** The code a status means when the body names none we know (a proxy's page, an old server). */
function kindOfStatus(status: number): ErrorKind {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 501:
      return 'not_implemented';
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'unknown';
  }
}

/** The kind of a failure: the first problem's code, else what the status means; network and parse apart. */
export function errorKind(error: unknown): ErrorKind {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'network';
    const code = error.code;
    return isServerCode(code) ? code : kindOfStatus(error.status);
  }
  if (error instanceof ParseError) return 'parse';
  // The CSRF token could not be fetched: the server did not answer.
  if (error instanceof Error && error.message === CSRF_TOKEN_MISSING) return 'network';
  return 'unknown';
}

/** Texts a screen that knows the context gives for some kinds, in place of the general ones. */
export type ErrorTextContext = Partial<Record<ErrorKind, string>>;

/** The text a resident or clerk reads for a failure: the screen's own for its kind, else the vocabulary. */
export function errorText(error: unknown, t: TFunction, context?: ErrorTextContext): string {
  const kind = errorKind(error);
  return context?.[kind] ?? t(`errors.codes.${kind}`);
}

/** True when the failure means the sign-in has ended: the screen offers to sign in again. */
export const isSignInEnded = (error: unknown): boolean => errorKind(error) === 'unauthenticated';

/** The inputs the server named as wrong (problems with a `field`), in its order, each once. */
export function errorFields(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields: string[] = [];
  for (const problem of error.problems) {
    if (problem.field && !fields.includes(problem.field)) fields.push(problem.field);
  }
  return fields;
}

/**
 * The message at each input the server named: the screen's own text for the field when it has one
 * (e.g. the check its rules already computed), else the vocabulary's 「この項目の入力内容を確認してください」.
 */
export function fieldErrorTexts(
  error: unknown,
  t: TFunction,
  own: Partial<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of errorFields(error)) out[field] = own[field] ?? t('errors.field');
  return out;
}

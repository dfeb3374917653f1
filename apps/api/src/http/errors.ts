import { errorStatus, type ApiError, type ErrorBody, type ErrorCode } from '@portal/contracts';

/** A refusal with a known code; the error handler turns it into the one error body. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds the caller should wait (sent as Retry-After), for a refusal that passes with time. */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly details: ApiError[] = [],
  ) {
    super(message);
    this.status = errorStatus[code];
  }

  toBody(): ErrorBody {
    const first: ApiError = { code: this.code, message: this.message };
    if (this.field) first.field = this.field;
    return { errors: this.details.length > 0 ? this.details : [first] };
  }
}

/** 429 with Retry-After: how long the caller should wait before trying again. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return Object.assign(new AppError('rate_limited', message), { retryAfterSeconds });
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'you may not do this') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** Several field errors at once (form validation). */
export function validationFailed(errors: { field: string; message: string }[]): AppError {
  return new AppError(
    'validation_failed',
    errors[0]?.message ?? 'invalid input',
    errors[0]?.field,
    errors.map((e) => ({ code: 'validation_failed', message: e.message, field: e.field })),
  );
}

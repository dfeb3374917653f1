// The errors the API client raises. Messages follow the spec's error catalogue (§8).

/** One problem of the server's error body `{ errors: [{ code, message, field? }] }`. */
export interface ApiProblem {
  code: string;
  message: string;
  field?: string;
}

/** Raised when the API answered with an error status; the message is the server's messages joined. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer (network failure, aborted by the browser). */
    readonly status: number,
    /** The problems of the error body, in the server's order (empty when the body had none). */
    readonly problems: readonly ApiProblem[],
    options?: { cause?: unknown },
  ) {
    super(apiErrorMessage(problems), options);
  }

  /** The first problem's code (e.g. `validation_failed`), or undefined. */
  get code(): string | undefined {
    return this.problems[0]?.code;
  }

  /** Messages per field, for showing server errors at the field they name. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const p of this.problems) {
      if (p.field && !(p.field in out)) out[p.field] = p.message;
    }
    return out;
  }
}

/** The messages of an error body joined into one text (one per line); 'API error occurred' without any. */
export function apiErrorMessage(problems: readonly Pick<ApiProblem, 'message'>[]): string {
  const messages = problems.map((p) => p.message.trim()).filter((m) => m !== '');
  return messages.length > 0 ? messages.join('\n') : 'API error occurred';
}

/** Raised when a success answer does not have the shape its route declares (the master tool's rule). */
export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly routeId: string,
    readonly issues: unknown,
  ) {
    super('Parse Error');
  }
}

/** The message of a write that could not get a CSRF token (spec §8). */
export const CSRF_TOKEN_MISSING = 'csrfToken is null or undefined';

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

import { AnswerError, japanDate } from '@portal/rules';
import { AppError } from '../../http/errors.js';

/** Runs an evaluation, turning wrong answers (unknown option, two choices for one question) into a 400. */
export function evaluating<T>(field: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof AnswerError) throw new AppError('validation_failed', err.message, field);
    throw err;
  }
}

export const today = (clock: () => Date) => ({ today: japanDate(clock()) });

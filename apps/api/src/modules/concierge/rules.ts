import {
  AnswerError,
  compiledConfiguration,
  japanDate,
  RuleConfigurationError,
  type CompiledConfiguration,
} from '@portal/rules';
import { AppError } from '../../http/errors.js';
import type { PublishedGroup } from '../configuration/published-configuration.js';

/** The rules of a published version, compiled once per version. */
export function rulesOf(group: PublishedGroup): CompiledConfiguration {
  try {
    return group.memo('rules', () => compiledConfiguration(group.config));
  } catch (err) {
    if (err instanceof RuleConfigurationError) {
      throw new AppError(
        'unavailable',
        `the configuration of procedure group ${group.config.id} is broken: ${err.message}`,
      );
    }
    throw err;
  }
}

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
